import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CacheSync } from './cache-sync';

/** A listening connection whose generation checks the test answers one by one. */
class FakeClient extends EventEmitter {
  pending: {
    resolve: (result: { rows: { seq: string; scopes?: string[] }[] }) => void;
    values?: unknown[];
  }[] = [];
  ended = false;
  async connect() {}
  async end() {
    this.ended = true;
  }
  query(query: string | { text: string; values?: unknown[] }) {
    const text = typeof query === 'string' ? query : query.text;
    if (text.startsWith('LISTEN')) return Promise.resolve({ rows: [] });
    const values = typeof query === 'string' ? undefined : query.values;
    return new Promise((resolve) => this.pending.push({ resolve, values }));
  }
  /** Answers the first check: the log's last number. */
  answer(latest: number) {
    this.pending.shift()!.resolve({ rows: [{ seq: String(latest) }] });
  }
  /** Answers a later check: the log's writes after the number it asked from. */
  answerLog(writes: [number, string[]][]) {
    this.pending.shift()!.resolve({ rows: writes.map(([seq, scopes]) => ({ seq: String(seq), scopes })) });
  }
}

const clients: FakeClient[] = [];
async function startSync() {
  const sync = new CacheSync('postgres://unused', { warn: () => {} }, () => {
    const client = new FakeClient();
    clients.push(client);
    return client as unknown as pg.Client;
  });
  await sync.start();
  return { sync, client: clients.at(-1)! };
}
const settled = (promise: Promise<unknown>) => {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
};

afterEach(() => {
  clients.length = 0;
  vi.useRealTimers();
});

/** A cached entry reading `read`, as the read caches tag one: valid while `fresh()` holds. */
const entryOf = (sync: CacheSync, read: string[]) => {
  const since = sync.generations.now();
  return { fresh: () => sync.generations.unchangedSince(read, since) };
};

describe('CacheSync', () => {
  it('never lets a request rely on a check sent before it arrived, and shares the next one', async () => {
    const { sync, client } = await startSync();
    expect(sync.usable).toBe(false);
    const first = sync.confirm();
    expect(client.pending).toHaveLength(1);
    const second = settled(sync.confirm());
    const third = settled(sync.confirm());
    expect(client.pending).toHaveLength(1); // both wait for a check sent after them, not the one in flight

    client.answer(5);
    await first;
    expect(sync.usable).toBe(true);
    const page = entryOf(sync, ['property:a']);
    const other = entryOf(sync, ['property:b']);
    expect(client.pending).toHaveLength(1); // the next check, shared by both
    expect(client.pending[0]!.values).toEqual([5]); // the writes after the last one applied
    expect(second.done || third.done).toBe(false);

    client.answerLog([[6, ['property:a']]]); // a write committed meanwhile in another process
    await vi.waitFor(() => expect(second.done && third.done).toBe(true));
    expect(page.fresh()).toBe(false);
    expect(other.fresh()).toBe(true);

    const fourth = sync.confirm();
    expect(client.pending).toHaveLength(1); // nothing in flight: sent at once
    expect(client.pending[0]!.values).toEqual([6]);
    client.answerLog([]);
    await fourth;
    expect(other.fresh()).toBe(true);
  });

  it('drops what a newer write names when it is announced, and ignores an older one', async () => {
    const { sync, client } = await startSync();
    const check = sync.confirm();
    client.answer(10);
    await check;
    const dashboards = entryOf(sync, ['indicators']);
    const page = entryOf(sync, ['property:a', 'users']);
    client.emit('notification', { channel: 'read_caches', payload: '9 ["indicators"]' });
    expect(dashboards.fresh()).toBe(true);
    client.emit('notification', { channel: 'read_caches', payload: '11 ["indicators"]' });
    expect(dashboards.fresh()).toBe(false);
    expect(page.fresh()).toBe(true);
  });

  it('drops everything after a gap in the numbers (an announcement that failed, a pruned log)', async () => {
    const { sync, client } = await startSync();
    const check = sync.confirm();
    client.answer(10);
    await check;
    const page = entryOf(sync, ['property:a']);
    client.emit('notification', { channel: 'read_caches', payload: '12 ["indicators"]' });
    expect(page.fresh()).toBe(false);

    const settings = entryOf(sync, ['settings']);
    const again = sync.confirm();
    client.answerLog([[14, ['indicators']]]);
    await again;
    expect(settings.fresh()).toBe(false);
  });

  it('turns the caches off and drops them when the connection fails, and starts over on a new one', async () => {
    vi.useFakeTimers();
    const { sync, client } = await startSync();
    const check = sync.confirm();
    client.answer(3);
    await check;
    const page = entryOf(sync, ['property:a']);

    client.emit('error', new Error('terminating connection due to administrator command'));
    expect(sync.usable).toBe(false);
    expect(page.fresh()).toBe(false);
    expect(client.ended).toBe(true);
    await sync.confirm(); // nothing to ask: the request runs without the caches
    expect(sync.usable).toBe(false);

    const ready = settled(sync.ready());
    await vi.advanceTimersByTimeAsync(100);
    expect(clients).toHaveLength(2);
    expect(ready.done).toBe(true);
    const again = sync.confirm();
    expect(clients[1]!.pending[0]!.values).toBeUndefined(); // a new connection reads the log's end first
    clients[1]!.answer(3);
    await again;
    expect(sync.usable).toBe(true);
    await sync.close();
  });

  it('replaces a connection whose check goes unanswered', async () => {
    vi.useFakeTimers();
    const { sync, client } = await startSync();
    const check = sync.confirm();
    await vi.advanceTimersByTimeAsync(2_000);
    await check;
    expect(sync.usable).toBe(false);
    expect(client.ended).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(clients).toHaveLength(2);
    await sync.close();
    expect(clients[1]!.ended).toBe(true);
  });
});
