import { israelYearMonth } from '@shared/domain/israel-calendar';
import { byMetric } from '@shared/domain/metrics';
import type { Royalties } from '@shared/schemas/month-statements';
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

const zero = { deals: 0, net: 0, royalty: 0 };
const noRoyalties: Royalties = { month: '2026-11', branches: [], totals: { month: zero, year: zero } };

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
    const calls = fakeApi((call) =>
      call.url.startsWith('/api/v1/royalties')
        ? json(200, { status: 'success', data: noRoyalties })
        : json(200, {
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
    const table = await screen.findByRole('table', { name: /הסניפים זה לצד זה/ });
    expect(calls.find((c) => c.url.startsWith('/api/v1/network/'))!.url).toBe(
      `/api/v1/network/dashboard?year=${now.year}&month=${now.month}`,
    );
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
    const calls = fakeApi((call) =>
      call.url.startsWith('/api/v1/royalties')
        ? json(200, { status: 'success', data: noRoyalties })
        : json(200, { status: 'success', data: dashboard([], figures(0, 0, null)) }),
    );
    renderPage();
    expect(await screen.findByText(/אין נתונים בחודש הזה/)).toBeInTheDocument();
    const previousYear = String(now.year - 1);
    await userEvent.selectOptions(screen.getByLabelText('שנה'), previousYear);
    await screen.findByText(/אין נתונים בחודש הזה/);
    expect(calls.filter((c) => c.url.startsWith('/api/v1/network/')).at(-1)!.url).toBe(
      `/api/v1/network/dashboard?year=${previousYear}&month=${now.month}`,
    );
    expect(screen.getByRole('link', { name: 'הורדת קובץ CSV' })).toHaveAttribute(
      'href',
      `/api/v1/network/dashboard.csv?year=${previousYear}&month=${now.month}`,
    );
  });

  it('shows the royalties each branch owes for the month and the year, with their CSV', async () => {
    const royalties: Royalties = {
      month: `${now.year}-${String(now.month).padStart(2, '0')}`,
      branches: [
        {
          branchId: 'haifa',
          name: 'חיפה',
          month: { deals: 3, net: 2_300_000, royalty: 40_000 },
          year: { deals: 4, net: 3_300_000, royalty: 100_000 },
          royaltyBp: 600,
          royaltyCap: 100_000,
          withoutPlan: 0,
        },
        {
          branchId: 'tlv',
          name: 'תל אביב',
          month: { deals: 1, net: 600_000, royalty: 30_000 },
          year: { deals: 1, net: 600_000, royalty: 30_000 },
          royaltyBp: 500,
          royaltyCap: null,
          withoutPlan: 1,
        },
      ],
      totals: {
        month: { deals: 4, net: 2_900_000, royalty: 70_000 },
        year: { deals: 5, net: 3_900_000, royalty: 130_000 },
      },
    };
    const calls = fakeApi((call) =>
      call.url.startsWith('/api/v1/royalties')
        ? json(200, { status: 'success', data: royalties })
        : json(200, { status: 'success', data: dashboard([], figures(0, 0, null)) }),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: /תמלוגים לרשת/ });
    const month = `${now.year}-${String(now.month).padStart(2, '0')}`;
    expect(calls.some((c) => c.url === `/api/v1/royalties?month=${month}`)).toBe(true);
    const haifa = within(table).getByRole('row', { name: /חיפה/ });
    expect(
      within(haifa)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/[\u200e\u200f]/g, '').replace(/\s+/g, ' ')),
    ).toEqual(['3', '23,000.00 ₪', '400.00 ₪', '33,000.00 ₪', '1,000.00 ₪', '6% · 1,000.00 ₪']);
    const tlv = within(table).getByRole('row', { name: /תל אביב/ });
    expect(within(tlv).getByText('עסקה אחת ללא תוכנית עמלות')).toBeInTheDocument();
    expect(within(tlv).getByText(/אין תקרה/)).toBeInTheDocument();
    const totals = within(table).getByRole('row', { name: /סה"כ/ });
    expect(within(totals).getByText(/700\.00/)).toBeInTheDocument();
    expect(within(totals).getByText(/1,300\.00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'הורדת התמלוגים כקובץ CSV' })).toHaveAttribute(
      'href',
      `/api/v1/royalties.csv?month=${month}`,
    );
  });
});
