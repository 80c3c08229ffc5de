import { METRIC_KEYS } from '@shared/domain/metrics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminGoalsPage } from './admin-goals-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

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

function answer(call: ApiCall) {
  const ok = (data: unknown) => json(200, { status: 'success', data });
  if (call.url.endsWith('/users/session')) return ok({ user: ADMIN });
  if (call.url.includes('/goals/getGoalByAgentAndMonth/')) return ok({ goal: null });
  if (call.method === 'POST' && call.url.endsWith('/goals'))
    return json(201, {
      status: 'success',
      data: { goal: { _id: 'g1', agent: [AGENT], ...zero, createdAt: '' } },
    });
  if (call.url.includes('/users')) return ok({ data: [{ _id: AGENT, name: 'דנה לוי', role: 'agent' }] });
  return json(404, { status: 'fail', message: 'לא נמצא' });
}

function renderPage() {
  localStorage.setItem('user', JSON.stringify(ADMIN));
  const calls = fakeApi(answer);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={[`/AdminGoals/${AGENT}`]}>
          <Routes>
            <Route path="/AdminGoals/:agentId?" element={<AdminGoalsPage />} />
            <Route path="/Agents" element={<p>הסוכנים</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('AdminGoalsPage', () => {
  it('offers next year, so a goal for January can be set in December', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 20 December 2026 in Israel.
    vi.setSystemTime(new Date('2026-12-20T10:00:00Z'));
    const calls = renderPage();
    const year = screen.getByLabelText('שנה');
    const years = within(year)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(years).toEqual(['2027', ...Array.from({ length: 10 }, (_, i) => String(2026 - i))]);
    expect(year).toHaveValue('2026');
    await userEvent.selectOptions(year, '2027');
    await userEvent.selectOptions(screen.getByLabelText('חודש'), '1');
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes(`/goals/getGoalByAgentAndMonth/${AGENT}/2027/1`))).toBe(true),
    );
    const meetings = await screen.findByLabelText('פגישות');
    await userEvent.clear(meetings);
    await userEvent.type(meetings, '12');
    await userEvent.click(screen.getByRole('button', { name: 'שמירת יעד' }));
    await screen.findByText('הסוכנים');
    const sent = calls.find((c) => c.method === 'POST' && c.url.endsWith('/goals'));
    expect(sent?.body).toMatchObject({ agent: [AGENT], year: 2027, month: 1, meetings: 12 });
  });
});
