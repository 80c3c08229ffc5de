import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CacheSync } from './cache-sync';

/** A listening connection whose generation checks the test answers one by one. */
class FakeClient extends EventEmitter {
  pending: { resolve: (result: { rows: { value: string }[] }) => void }[] = [];
  ended = false;
  async connect() {}
  async end() {
    this.ended = true;
  }
  query(query: string | { text: string }) {
    const text = typeof query === 'string' ? query : query.text;
    if (text.startsWith('LISTEN')) return Promise.resolve({ rows: [] });
    return new Promise((resolve) => this.pending.push({ resolve }));
  }
  answer(value: number) {
    this.pending.shift()!.resolve({ rows: [{ value: String(value) }] });
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
    const generation = sync.generation;
    expect(client.pending).toHaveLength(1); // the next check, shared by both
    expect(second.done || third.done).toBe(false);

    client.answer(6); // a write committed meanwhile in another process
    await vi.waitFor(() => expect(second.done && third.done).toBe(true));
    expect(sync.generation).toBeGreaterThan(generation);

    const unchanged = sync.generation;
    const fourth = sync.confirm();
    expect(client.pending).toHaveLength(1); // nothing in flight: sent at once
    client.answer(6);
    await fourth;
    expect(sync.generation).toBe(unchanged);
  });

  it('drops the caches when a newer write is announced, not an older one', async () => {
    const { sync, client } = await startSync();
    const check = sync.confirm();
    client.answer(10);
    await check;
    const generation = sync.generation;
    client.emit('notification', { channel: 'read_caches', payload: '9' });
    expect(sync.generation).toBe(generation);
    client.emit('notification', { channel: 'read_caches', payload: '11' });
    expect(sync.generation).toBe(generation + 1);
  });

  it('turns the caches off and drops them when the connection fails, and starts over on a new one', async () => {
    vi.useFakeTimers();
    const { sync, client } = await startSync();
    const check = sync.confirm();
    client.answer(3);
    await check;
    const generation = sync.generation;

    client.emit('error', new Error('terminating connection due to administrator command'));
    expect(sync.usable).toBe(false);
    expect(sync.generation).toBeGreaterThan(generation);
    expect(client.ended).toBe(true);
    await sync.confirm(); // nothing to ask: the request runs without the caches
    expect(sync.usable).toBe(false);

    const ready = settled(sync.ready());
    await vi.advanceTimersByTimeAsync(100);
    expect(clients).toHaveLength(2);
    expect(ready.done).toBe(true);
    const again = sync.confirm();
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
