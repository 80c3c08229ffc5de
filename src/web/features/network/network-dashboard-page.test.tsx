import { israelYearMonth } from '@shared/domain/israel-calendar';
import { byMetric } from '@shared/domain/metrics';
import type { NetworkDashboard, NetworkFigures } from '@shared/schemas/network';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkDashboardPage } from './network-dashboard-page';

const figures = (received: number, meetings: number, goal: number | null): NetworkFigures => ({
  received,
  medianMinutes: received ? 12 : null,
  deals: received ? 1 : 0,
  conversion: received ? 1 / received : 0,
  indicators: byMetric((key) =>
    key === 'meetings'
      ? { actual: meetings, goal, percentage: goal ? (meetings / goal) * 100 : null }
      : { actual: 0, goal: null, percentage: null },
  ),
});

const now = israelYearMonth();
const dashboard = (columns: NetworkDashboard['branches'], network: NetworkFigures): NetworkDashboard => ({
  ...now,
  branches: columns,
  network,
});
const ref = (id: string, name: string) => ({ _id: id, name, slug: id });

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <NetworkDashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('NetworkDashboardPage', { timeout: 20_000 }, () => {
  it('shows the branches side by side, the network as their sum, and each definition on request', async () => {
    const calls = fakeApi(() =>
      json(200, {
        status: 'success',
        data: dashboard(
          [
            { branch: ref('tlv', 'תל אביב'), ...figures(4, 8, 10) },
            { branch: ref('haifa', 'חיפה'), ...figures(2, 3, null) },
          ],
          figures(6, 11, 10),
        ),
      }),
    );
    renderPage();
    const table = await screen.findByRole('table');
    expect(calls[0]!.url).toBe(`/api/v1/network/dashboard?year=${now.year}&month=${now.month}`);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['נתון', 'תל אביב', 'חיפה', 'כל הרשת']);
    const received = within(table).getByRole('row', { name: /לידים שהתקבלו/ });
    expect(
      within(received)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '2', '6']);
    const meetings = within(table).getByRole('row', { name: /פגישות/ });
    expect(
      within(meetings)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8 מתוך 1080% מהיעד', '3אין יעד', '11 מתוך 10110% מהיעד']);

    const button = screen.getByRole('button', { name: 'מה זה זמן תגובה חציוני?' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const definition = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(definition).not.toBeVisible();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(definition).toBeVisible();
    expect(definition).toHaveTextContent('דקות משרד מהגעת הליד ועד המגע הראשון');

    expect(screen.getByRole('link', { name: 'הורדת קובץ CSV' })).toHaveAttribute(
      'href',
      `/api/v1/network/dashboard.csv?year=${now.year}&month=${now.month}`,
    );
  });

  it('asks for the chosen month and says when it is empty', async () => {
    const calls = fakeApi(() => json(200, { status: 'success', data: dashboard([], figures(0, 0, null)) }));
    renderPage();
    expect(await screen.findByText(/אין נתונים בחודש הזה/)).toBeInTheDocument();
    const previousYear = String(now.year - 1);
    await userEvent.selectOptions(screen.getByLabelText('שנה'), previousYear);
    await screen.findByText(/אין נתונים בחודש הזה/);
    expect(calls.at(-1)!.url).toBe(`/api/v1/network/dashboard?year=${previousYear}&month=${now.month}`);
    expect(screen.getByRole('link', { name: 'הורדת קובץ CSV' })).toHaveAttribute(
      'href',
      `/api/v1/network/dashboard.csv?year=${previousYear}&month=${now.month}`,
    );
  });
});
