import { israelYearMonth } from '@shared/domain/israel-calendar';
import { METRIC_KEYS } from '@shared/domain/metrics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PersonalIndicatorPage } from './personal-indicator-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
// The charts measure a real layout, which jsdom has not: the tables are what these tests are about.
vi.mock('./charts', () => ({ ActualVsGoalChart: () => null, DailyActivityChart: () => null }));

const ADMIN = {
  _id: 'admin-1',
  name: 'מנהלת',
  email: 'm@example.com',
  role: 'admin',
  companyRole: null,
  image: null,
};
const AGENT = 'agent-1';
const zero = Object.fromEntries(METRIC_KEYS.map((key) => [key, 0]));
const figure = (actual: number, goal: number | null) => ({
  actual,
  goal,
  percentage: goal ? (actual / goal) * 100 : null,
  forecast: actual * 2,
});
const performance = {
  agentId: AGENT,
  agentName: 'דנה לוי',
  ...Object.fromEntries(METRIC_KEYS.map((key) => [key, figure(1, null)])),
  meetings: figure(3, 20),
  workingDays: { total: 22, elapsed: 10, remaining: 12 },
};
const indicator = {
  _id: 'row-1',
  agent: [{ _id: AGENT, name: 'דנה לוי', role: 'agent' }],
  ...zero,
  meetings: 3,
  createdAt: new Date().toISOString(),
};
const goal = { _id: 'goal-1', agent: [AGENT], year: 2026, month: 11, ...zero, meetings: 20, createdAt: '' };

let sessionUser: Record<string, unknown> = ADMIN;

function answer(call: ApiCall) {
  const ok = (data: unknown) => json(200, { status: 'success', data });
  if (call.url.endsWith('/users/session')) return ok({ user: sessionUser });
  if (call.method === 'PATCH') return ok({});
  if (call.url.includes('/goals/performance/')) return ok(performance);
  if (call.url.includes('/indicators/filterByDate')) return ok({ indicators: [indicator] });
  if (call.url.includes('/goals/getGoalByAgentAndMonth/')) return ok({ goal });
  return ok({
    ...Object.fromEntries(METRIC_KEYS.map((key) => [`total${key[0]!.toUpperCase()}${key.slice(1)}`, 0])),
  });
}

function renderPage(user: Record<string, unknown> = ADMIN) {
  sessionUser = user;
  localStorage.setItem('user', JSON.stringify(user));
  const calls = fakeApi(answer);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={[`/PersonalIndicator/${AGENT}`]}>
          <Routes>
            <Route path="/PersonalIndicator/:agentId?" element={<PersonalIndicatorPage />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

beforeAll(() => {
  // jsdom has no modal dialogs; open/close is all ConfirmDialog needs.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PersonalIndicatorPage', () => {
  it('offers next year as well, where the month’s goal is read and set', async () => {
    renderPage();
    const { year } = israelYearMonth();
    const years = within(screen.getByLabelText('שנה'))
      .getAllByRole('option')
      .map((o) => Number(o.textContent));
    expect(years).toEqual(Array.from({ length: 11 }, (_, i) => year + 1 - i));
    await screen.findByRole('table', { name: 'ביצועים חודשיים' });
  });

  it('labels its wide tables as regions and shows the percentage and the forecast of each metric', async () => {
    renderPage();
    const monthly = await screen.findByRole('table', { name: 'ביצועים חודשיים' });
    expect(screen.getByRole('region', { name: 'ביצועים חודשיים' })).toContainElement(monthly);
    expect(screen.getByRole('region', { name: 'סטטוס יומי' })).toContainElement(
      screen.getByRole('table', { name: 'סטטוס יומי' }),
    );
    const meetings = within(monthly).getByRole('row', { name: /פגישות/ });
    expect(meetings).toHaveTextContent('15%');
    expect(meetings).toHaveTextContent('6');
  });

  it("'edit all' has its save button above and below the tables, and gives the focus back after saving", async () => {
    const calls = renderPage();
    const editAll = await screen.findByRole('button', { name: 'עריכת הכול' });
    await userEvent.click(editAll);
    // The first field of the edited tables takes the focus.
    const meetings = screen.getByRole('spinbutton', { name: /^פגישות ב-/ });
    expect(meetings).toHaveFocus();
    const bottom = screen.getByRole('group', { name: 'שמירת העריכה בסוף הטבלאות' });
    expect(screen.getByRole('group', { name: 'שמירת העריכה' })).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('spinbutton', { name: 'יעד פגישות' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'יעד פגישות' }), '25');
    await userEvent.click(within(bottom).getByRole('button', { name: 'שמירה' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'עריכת הכול' })).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: expect.stringMatching(/\/goals\/goal-1$/), body: { meetings: 25 } },
    ]);
    expect(screen.queryByRole('button', { name: 'שמירה' })).toBeNull();
  });

  it('cancelling also gives the focus back to the edit-all button', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'עריכת הכול' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'ביטול' })[1]!);
    expect(screen.getByRole('button', { name: 'עריכת הכול' })).toHaveFocus();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it("deletes a daily status only after the page's own Hebrew confirmation dialog", async () => {
    const calls = renderPage();
    const deletes = () => calls.filter((c) => c.method === 'DELETE').map((c) => c.url);
    const remove = await screen.findByRole('button', { name: /^מחיקת הסטטוס מ-/ });
    await userEvent.click(remove);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleDescription('האם אתה בטוח שברצונך למחוק את הסטטוס?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ביטול' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletes()).toEqual([]);

    await userEvent.click(remove);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'מחיקה' }));
    await waitFor(() => expect(deletes()).toEqual(['/api/v1/indicators/row-1']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a woman in the feminine, and after the delete the focus is on the daily table, not the page', async () => {
    const calls = renderPage({ ...ADMIN, gender: 'female' });
    await userEvent.click(await screen.findByRole('button', { name: /^מחיקת הסטטוס מ-/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleDescription('האם את בטוחה שברצונך למחוק את הסטטוס?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'מחיקה' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'סטטוס יומי' }).parentElement).toHaveFocus(),
    );
  });
});
