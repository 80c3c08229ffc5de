import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DailyIndicatorPage } from './daily-indicator-page';
import { ScoreboardPage } from './scoreboard-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ME = { _id: 'u1', name: 'דנה', email: 'd@example.com', role: 'agent', companyRole: null, image: null };

function renderAt(path: string, pattern: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={element} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
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
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ScoreboardPage', () => {
  it('shows the podium, the list from place 4 and the emoji of the last two places', async () => {
    const entries = ['א', 'ב', 'ג', 'ד', 'ה', 'ו'].map((name, i) => ({
      agentId: `a${i}`,
      agentName: `סוכן ${name}`,
      image: null,
      totalScore: 60 - i * 10,
      active: true,
    }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/scoreboard') ? json(200, { status: 'success', data: entries }) : json(401, {}),
      ),
    );
    renderAt('/ScoreBoard', '/ScoreBoard', <ScoreboardPage />);
    expect(screen.getByText('טוען נתונים...')).toBeInTheDocument();
    const podium = await screen.findByRole('region', { name: 'שלושת המובילים' });
    expect(within(podium).getAllByRole('listitem')).toHaveLength(3);
    expect(within(podium).getByText('60 נקודות')).toBeInTheDocument();
    expect(screen.getByText('כל עסקה = 5 נקודות')).toBeInTheDocument();
    expect(screen.getByText('מקום 4')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'מקום אחרון' })).toHaveTextContent('💩');
    expect(screen.getByRole('img', { name: 'מקום לפני אחרון' })).toHaveTextContent('🤡');
    expect(screen.getByText('סוכן ו').closest('li')).toHaveTextContent('💩');
    expect(screen.queryByText(/לא פעיל כעת/)).not.toBeInTheDocument();
    expect(screen.queryByText(/סוכן שהושבת נספר/)).not.toBeInTheDocument();
  });

  it('marks an agent deactivated since as /Performance does, on the podium and in the list', async () => {
    const entries = ['א', 'ב', 'ג', 'ד'].map((name, i) => ({
      agentId: `a${i}`,
      agentName: `סוכן ${name}`,
      image: null,
      totalScore: 40 - i * 10,
      active: i !== 0 && i !== 3,
    }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/scoreboard') ? json(200, { status: 'success', data: entries }) : json(401, {}),
      ),
    );
    renderAt('/ScoreBoard', '/ScoreBoard', <ScoreboardPage />);
    const podium = await screen.findByRole('region', { name: 'שלושת המובילים' });
    expect(within(podium).getByText('סוכן א (לא פעיל כעת)')).toBeInTheDocument();
    expect(within(podium).getByText('סוכן ב')).toBeInTheDocument();
    expect(screen.getByText('מקום 4').closest('li')).toHaveTextContent('סוכן ד (לא פעיל כעת)');
    expect(screen.getAllByText(/לא פעיל כעת/)).toHaveLength(2);
    expect(
      screen.getByText(
        'סוכן שהושבת נספר בחודשים שבהם יש לו סטטוסים או יעד, כדי שנתוני החודש לא ישתנו בדיעבד.',
      ),
    ).toBeInTheDocument();
  });
});

describe('DailyIndicatorPage', () => {
  function fakeApi(answer: () => Response, recorded: unknown[] = []) {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/users/session')) return json(200, { status: 'success', data: { user: ME } });
        if (url.endsWith('/users')) return json(200, { status: 'success', data: { data: [ME] } });
        if (url.endsWith('/indicators')) {
          posted.push(JSON.parse(String(init?.body)));
          return answer();
        }
        if (url.includes('/indicators/filterByDate'))
          return json(200, { status: 'success', data: { indicators: recorded } });
        return json(200, { status: 'success', data: [] });
      }),
    );
    return posted;
  }

  it('sends empty metrics as 0 with the agent array, and toasts success only after the server accepted', async () => {
    localStorage.setItem('user', JSON.stringify(ME));
    const success = vi.spyOn(toast, 'success');
    const posted = fakeApi(() => json(201, { status: 'success', data: { indicator: {} } }));
    renderAt('/DailyIndicator', '/DailyIndicator/:agentId?', <DailyIndicatorPage />);
    await userEvent.type(screen.getByLabelText('פגישות'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת סטטוס' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('סטטוס יומי נשלח בהצלחה!'));
    expect(posted[0]).toMatchObject({
      meetings: 3,
      deals: 0,
      exclusives: 0,
      agent: ['u1'],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('shows the failure toast, never the success one, when the server refuses', async () => {
    localStorage.setItem('user', JSON.stringify(ME));
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    fakeApi(() => json(500, { status: 'error', code: 'INTERNAL', message: 'x' }));
    renderAt('/DailyIndicator', '/DailyIndicator/:agentId?', <DailyIndicatorPage />);
    await userEvent.click(screen.getByRole('button', { name: 'שליחת סטטוס' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('הבקשה לא נשלחה נסה שוב'));
    expect(success).not.toHaveBeenCalled();
  });

  it('rejects a negative count on the field without sending', async () => {
    localStorage.setItem('user', JSON.stringify(ME));
    const posted = fakeApi(() => json(201, {}));
    renderAt('/DailyIndicator', '/DailyIndicator/:agentId?', <DailyIndicatorPage />);
    await userEvent.type(screen.getByLabelText('עסקאות'), '-1');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת סטטוס' }));
    expect(await screen.findByText('יש להזין מספר שלם שאינו שלילי')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('a session that ended (a deactivated user) is said once: no failure toast besides it', async () => {
    localStorage.setItem('user', JSON.stringify(ME));
    const info = vi.spyOn(toast, 'info');
    const failure = vi.spyOn(toast, 'error');
    fakeApi(() => json(401, { status: 'fail', code: 'UNAUTHORIZED', message: 'יש להתחבר' }));
    renderAt('/DailyIndicator', '/DailyIndicator/:agentId?', <DailyIndicatorPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'שליחת סטטוס' }));
    await waitFor(() =>
      expect(info).toHaveBeenCalledWith('החיבור שלך הסתיים. יש להתחבר מחדש.', expect.anything()),
    );
    expect(info).toHaveBeenCalledTimes(1);
    expect(failure).not.toHaveBeenCalled();
  });

  it('says what the limit is when a count is over it', async () => {
    localStorage.setItem('user', JSON.stringify(ME));
    const posted = fakeApi(() => json(201, {}));
    renderAt('/DailyIndicator', '/DailyIndicator/:agentId?', <DailyIndicatorPage />);
    await userEvent.type(screen.getByLabelText('פגישות'), '10001');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת סטטוס' }));
    expect(await screen.findByText('יש להזין מספר שלם עד 10,000')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('says so when the agent id in the address is no user, instead of a nameless form', async () => {
    const ADMIN = { ...ME, role: 'admin', companyRole: 'מנהל משרד' };
    localStorage.setItem('user', JSON.stringify(ADMIN));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/users/session')) return json(200, { status: 'success', data: { user: ADMIN } });
        if (url.endsWith('/users')) return json(200, { status: 'success', data: { data: [ADMIN] } });
        return json(200, { status: 'success', data: [] });
      }),
    );
    renderAt('/DailyIndicator/nobody', '/DailyIndicator/:agentId?', <DailyIndicatorPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('אין משתמש פעיל עם המזהה שבכתובת');
    expect(screen.queryByRole('button', { name: 'שליחת סטטוס' })).toBeNull();
  });

  it("shows the server's reason on the date field and in the toast instead of the generic failure", async () => {
    localStorage.setItem('user', JSON.stringify(ME));
    const failure = vi.spyOn(toast, 'error');
    const reason = 'לא ניתן להזין סטטוס לתאריך עתידי';
    fakeApi(() =>
      json(400, { status: 'fail', code: 'VALIDATION', message: reason, fieldErrors: { createdAt: reason } }),
    );
    renderAt('/DailyIndicator', '/DailyIndicator/:agentId?', <DailyIndicatorPage />);
    await userEvent.click(screen.getByRole('button', { name: 'שליחת סטטוס' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith(reason));
    const dateField = screen.getByLabelText('תאריך');
    expect(dateField).toHaveAttribute('aria-invalid', 'true');
    expect(dateField).toHaveAccessibleDescription(reason);
  });

  it("shows the day's recorded sums and asks before a second entry for the same day", async () => {
    localStorage.setItem('user', JSON.stringify(ME));
    const today = new Date().toISOString();
    const row = (meetings: number) => ({
      _id: `i${meetings}`,
      agent: [{ _id: 'u1', name: 'דנה', role: 'agent' }],
      meetings,
      exclusives: 0,
      priceUpdates: 1,
      buyerTours: 0,
      priceOffers: 0,
      deals: 0,
      createdAt: today,
    });
    const posted = fakeApi(() => json(201, { status: 'success', data: { indicator: {} } }), [row(2), row(3)]);
    renderAt('/DailyIndicator', '/DailyIndicator/:agentId?', <DailyIndicatorPage />);
    const recorded = await screen.findByRole('region', { name: /נרשם עד כה/ });
    expect(within(recorded).getByText('2 רשומות ליום זה, סכומן:')).toBeInTheDocument();
    expect(within(recorded).getByText('פגישות').nextSibling).toHaveTextContent('5');
    expect(within(recorded).getByText('עדכוני מחיר').nextSibling).toHaveTextContent('2');
    await userEvent.type(screen.getByLabelText('פגישות'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת סטטוס' }));
    expect(await screen.findByText(/כבר נרשם סטטוס ל-/)).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'ביטול' }));
    expect(posted).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'שליחת סטטוס' }));
    await userEvent.click(await screen.findByRole('button', { name: 'הוספת רשומה נוספת' }));
    await waitFor(() => expect(posted).toHaveLength(1));
  });

  it('figures that lead activities recorded on the day are no entry: sending asks nothing', async () => {
    localStorage.setItem('user', JSON.stringify(ME));
    const today = new Date().toISOString();
    const tour = {
      _id: 'x1',
      agent: [{ _id: 'u1', name: 'דנה', role: 'agent' }],
      meetings: 0,
      exclusives: 0,
      priceUpdates: 0,
      buyerTours: 1,
      priceOffers: 0,
      deals: 0,
      createdAt: today,
      activity: { _id: 'a1', leadId: 'l1', kind: 'buyerTour' },
    };
    const posted = fakeApi(() => json(201, { status: 'success', data: { indicator: {} } }), [tour]);
    renderAt('/DailyIndicator', '/DailyIndicator/:agentId?', <DailyIndicatorPage />);
    const recorded = await screen.findByRole('region', { name: /נרשם עד כה/ });
    expect(recorded).toHaveTextContent('עדיין לא נרשם סטטוס ליום זה. נכלל גם נתון מפעילות אחת בליד.');
    expect(within(recorded).getByText('סיורי קונים').nextSibling).toHaveTextContent('1');
    await userEvent.type(screen.getByLabelText('פגישות'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת סטטוס' }));
    // Sent at once: no "already recorded" question waits for an answer.
    await waitFor(() => expect(posted).toHaveLength(1));
  });
});
