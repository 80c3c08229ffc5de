import { METRIC_KEYS } from '@shared/domain/metrics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BranchGoalPage } from './branch-goal-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const person = (networkAccess: boolean) => ({
  _id: 'admin-1',
  name: 'מנהלת',
  email: 'm@example.com',
  role: 'admin',
  companyRole: null,
  image: null,
  networkAccess,
  branch: { _id: 'b1', name: 'חיפה' },
});
const metrics = (meetings: number) =>
  Object.fromEntries(METRIC_KEYS.map((key) => [key, key === 'meetings' ? meetings : 1]));

function renderPage(networkAccess: boolean, goal: Record<string, number> | null) {
  const user = person(networkAccess);
  let stored = goal;
  const answer = (call: ApiCall) => {
    const ok = (data: unknown) => json(200, { status: 'success', data });
    if (call.url.endsWith('/users/session')) return ok({ user });
    if (call.url.includes('/branches/b1/goals/')) {
      if (call.method === 'PUT') stored = call.body as Record<string, number>;
      if (call.method === 'DELETE') stored = null;
      return ok({
        branchGoal: {
          branch: { _id: 'b1', name: 'חיפה' },
          year: 2026,
          month: 11,
          goal: stored,
          agentsGoal: metrics(10),
          agentsWithGoal: 2,
        },
      });
    }
    return json(404, { status: 'fail', message: 'הסניף לא נמצא' });
  };
  localStorage.setItem('user', JSON.stringify(user));
  const calls = fakeApi(answer);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/BranchGoal/b1']}>
          <Routes>
            <Route path="/BranchGoal/:branchId" element={<BranchGoalPage />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BranchGoalPage', () => {
  it('lets a network admin set the branch goal beside the sum of its agents goals, then clear it', async () => {
    const calls = renderPage(true, null);
    expect(await screen.findByRole('heading', { name: 'יעד חודשי – חיפה' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'סכום יעדי 2 הסוכנים בסניף לחודש זה:' })).toBeInTheDocument();
    expect(screen.getByText(/לא נקבע יעד לסניף לחודש זה/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ביטול יעד הסניף' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('פגישות'), '25');
    await user.click(screen.getByRole('button', { name: 'שמירת יעד הסניף' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('יעד הסניף נשמר'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toMatch(/\/branches\/b1\/goals\/\d{4}\/\d{1,2}$/);
    expect(put?.body).toMatchObject({ meetings: 25 });

    await user.click(await screen.findByRole('button', { name: 'ביטול יעד הסניף' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(expect.stringContaining('יעד הסניף בוטל')),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows a branch manager the goal the network set, with no form', async () => {
    renderPage(false, metrics(30));
    expect(await screen.findByRole('table', { name: 'יעד הסניף שקבעה הנהלת הרשת' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /פגישות 30/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'שמירת יעד הסניף' })).not.toBeInTheDocument();
    expect(screen.getByText(/את יעד הסניף קובעת הנהלת הרשת/)).toBeInTheDocument();
  });
});
