import type { Goal } from '@shared/schemas/goal';
import type { Indicator } from '@shared/schemas/indicator';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { toast } from '@web/lib/toast';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { performanceKeys } from './api';
import { useEditAll } from './use-edit-all';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const AGENT = 'agent-1';
const zero = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };
const row = (id: string, meetings: number): Indicator => ({
  _id: id,
  agent: [{ _id: AGENT, name: 'דנה לוי', role: 'agent' }],
  ...zero,
  meetings,
  createdAt: '2026-11-02T08:00:00.000Z',
});
const goal: Goal = { _id: 'goal-1', agent: [AGENT], year: 2026, month: 11, ...zero, deals: 2, createdAt: '' };
const rows = [row('row-1', 1), row('row-2', 2)];

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const setup = (g: Goal | null = goal) => renderHook(() => useEditAll(AGENT, rows, g), { wrapper });
const writes = (calls: ApiCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body] as const);
const ok = () => json(200, { status: 'success', data: {} });

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useEditAll', () => {
  it('saves one PATCH per changed row with only the changed counts, and the goal once', async () => {
    const calls = fakeApi(ok);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { result } = setup();
    act(() => result.current.start());
    expect(result.current.editing).toBe(true);
    act(() => {
      result.current.setDraft('row-1', 'meetings', '1'); // unchanged
      result.current.setDraft('row-2', 'meetings', '5');
      result.current.setDraft('row-2', 'deals', '0'); // unchanged
      result.current.setDraft('row-2', 'buyerTours', '3');
      result.current.setGoalDraft('deals', '4');
    });
    await act(() => result.current.save());

    expect(writes(calls)).toEqual([
      ['PATCH', '/api/v1/indicators/row-2', { meetings: 5, buyerTours: 3 }],
      ['PATCH', '/api/v1/goals/goal-1', { deals: 4 }],
    ]);
    expect(toast.success).toHaveBeenCalledWith('כל השינויים נשמרו בהצלחה!');
    expect(toast.success).toHaveBeenCalledWith('יעדים נשמרו בהצלחה!');
    expect(result.current.editing).toBe(false);
    expect(result.current.saving).toBe(false);
    expect(result.current.drafts).toEqual({});
    expect(invalidate).toHaveBeenCalledWith({ queryKey: performanceKeys.agent(AGENT) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['scoreboard'] });
  });

  it('sends nothing and keeps editing when a value breaks the count rule', async () => {
    const calls = fakeApi(ok);
    const { result } = setup();
    act(() => {
      result.current.start();
      result.current.setDraft('row-1', 'meetings', '2');
      result.current.setDraft('row-2', 'meetings', '-1');
    });
    await act(() => result.current.save());

    expect(writes(calls)).toEqual([]);
    expect(toast.error).toHaveBeenCalledWith('שגיאה בשמירת השינויים');
    expect(result.current.editing).toBe(true);
    expect(result.current.drafts['row-2']?.meetings).toBe('-1');
    expect(result.current.saving).toBe(false);
  });

  it('refuses an emptied cell (never saved as 0) and sends nothing', async () => {
    const calls = fakeApi(ok);
    const { result } = setup();
    act(() => {
      result.current.start();
      result.current.setDraft('row-1', 'meetings', '');
    });
    await act(() => result.current.save());
    expect(writes(calls)).toEqual([]);
    expect(toast.error).toHaveBeenCalledWith('שגיאה בשמירת השינויים');
    expect(result.current.editing).toBe(true);
  });

  it("reports a failed row and a failed goal separately, the goal with the server's reason", async () => {
    const reason = 'לא ניתן לקבוע יעד לחודש שעבר';
    const calls = fakeApi((call) =>
      call.url.endsWith('row-1') || call.url.includes('/goals/')
        ? json(400, { status: 'fail', code: 'VALIDATION', message: reason })
        : ok(),
    );
    const { result } = setup();
    act(() => {
      result.current.start();
      result.current.setDraft('row-1', 'meetings', '7');
      result.current.setDraft('row-2', 'meetings', '8');
      result.current.setGoalDraft('deals', '9');
    });
    await act(() => result.current.save());

    expect(writes(calls).map(([, url]) => url)).toEqual([
      '/api/v1/indicators/row-1',
      '/api/v1/indicators/row-2',
      '/api/v1/goals/goal-1',
    ]);
    expect(toast.error).toHaveBeenCalledWith('שגיאה בשמירת השינויים');
    expect(toast.error).toHaveBeenCalledWith(`שגיאה בשמירת היעדים: ${reason}`);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('without a goal, goal drafts send nothing; cancel drops every draft', async () => {
    const calls = fakeApi(ok);
    const { result } = setup(null);
    act(() => {
      result.current.start();
      result.current.setGoalDraft('deals', '3');
    });
    await act(() => result.current.save());
    expect(writes(calls)).toEqual([]);
    expect(toast.success).toHaveBeenCalledWith('כל השינויים נשמרו בהצלחה!');

    act(() => {
      result.current.start();
      result.current.setDraft('row-1', 'deals', '4');
      result.current.cancel();
    });
    expect(result.current.editing).toBe(false);
    expect(result.current.drafts).toEqual({});
    expect(result.current.goalDraft).toEqual({});
  });

  it('deletes a row only after confirmation: asking sends nothing, cancelling keeps it', async () => {
    const calls = fakeApi(ok);
    const { result } = setup();

    act(() => result.current.askRemove('row-1'));
    expect(result.current.pendingDelete).toBe('row-1');
    expect(writes(calls)).toEqual([]);
    act(() => result.current.cancelRemove());
    expect(result.current.pendingDelete).toBeNull();
    await act(() => result.current.remove());
    expect(writes(calls)).toEqual([]);

    act(() => result.current.askRemove('row-1'));
    await act(() => result.current.remove());
    expect(result.current.pendingDelete).toBeNull();
    expect(writes(calls)).toEqual([['DELETE', '/api/v1/indicators/row-1', undefined]]);
    expect(toast.success).toHaveBeenCalledWith('הסטטוס נמחק בהצלחה!');
  });

  it('says so when a delete fails', async () => {
    fakeApi(() => json(500, { status: 'error', code: 'INTERNAL', message: 'x' }));
    const { result } = setup();
    act(() => result.current.askRemove('row-2'));
    await act(() => result.current.remove());
    expect(toast.error).toHaveBeenCalledWith('שגיאה במחיקת סטטוס');
  });
});
