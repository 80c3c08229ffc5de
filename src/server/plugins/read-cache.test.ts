import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { noteWrite, ReadCache } from './read-cache';

const newDb = () => ({}) as Database;
/** Each key is read from its own scope. */
const reads = (key: string) => [`scope:${key}`];

afterEach(() => vi.restoreAllMocks());

describe('ReadCache', () => {
  it('reuses a value within its TTL and loads again after it', async () => {
    const db = newDb();
    const cache = new ReadCache<number>({ name: 'test', ttlMs: 1_000, reads });
    let loads = 0;
    const load = async () => ++loads;
    const now = vi.spyOn(Date, 'now').mockReturnValue(10_000);
    expect(await cache.get(db, 'k', load)).toBe(1);
    now.mockReturnValue(10_999);
    expect(await cache.get(db, 'k', load)).toBe(1);
    now.mockReturnValue(11_000);
    expect(await cache.get(db, 'k', load)).toBe(2);
  });

  it('never serves a value after a write in this process, nor one whose load overlapped a write', async () => {
    const db = newDb();
    const cache = new ReadCache<string>({ name: 'test', ttlMs: 60_000, reads });
    expect(await cache.get(db, 'k', async () => 'before')).toBe('before');
    noteWrite(db);
    expect(await cache.get(db, 'k', async () => 'after')).toBe('after');

    let release!: (v: string) => void;
    const slow = cache.get(db, 'k2', () => new Promise<string>((r) => (release = r)));
    noteWrite(db); // a write lands while the read is loading
    release('read during the write');
    expect(await slow).toBe('read during the write');
    expect(await cache.get(db, 'k2', async () => 'fresh')).toBe('fresh');
  });

  it('keeps caches of different databases apart', async () => {
    const cache = new ReadCache<string>({ name: 'test', ttlMs: 60_000, reads });
    const [a, b] = [newDb(), newDb()];
    await cache.get(a, 'k', async () => 'a');
    noteWrite(b);
    expect(await cache.get(b, 'k', async () => 'b')).toBe('b');
    expect(await cache.get(a, 'k', async () => 'other')).toBe('a');
  });

  it('shares one load between concurrent callers and does not keep a failure', async () => {
    const db = newDb();
    const cache = new ReadCache<number>({ name: 'test', ttlMs: 60_000, reads });
    const load = vi.fn(async () => 7);
    expect(await Promise.all([cache.get(db, 'k', load), cache.get(db, 'k', load)])).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);

    await expect(cache.get(db, 'bad', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get(db, 'bad', async () => 1)).toBe(1);
  });

  it('loads the misses of several keys in one call and reuses the hits', async () => {
    const db = newDb();
    const cache = new ReadCache<string | undefined>({ name: 'test', ttlMs: 60_000, reads });
    const loadMany = vi.fn(
      async (keys: string[]) => new Map(keys.filter((k) => k !== 'gone').map((k) => [k, `v${k}`])),
    );
    expect(await cache.getMany(db, ['1', '2'], loadMany)).toEqual(['v1', 'v2']);
    expect(await cache.getMany(db, ['2', '3', 'gone'], loadMany)).toEqual(['v2', 'v3', undefined]);
    expect(loadMany.mock.calls).toEqual([[['1', '2']], [['3', 'gone']]]);
  });

  it('drops only the entries that read what a write changed; a write that names nothing drops all', async () => {
    const db = newDb();
    const cache = new ReadCache<string>({ name: 'test', ttlMs: 60_000, reads });
    await cache.get(db, 'a', async () => 'a1');
    await cache.get(db, 'b', async () => 'b1');
    await cache.get(db, 'both', async () => 'both1', ['scope:a', 'scope:b']);
    await noteWrite(db, ['scope:a']);
    expect(await cache.get(db, 'a', async () => 'a2')).toBe('a2');
    expect(await cache.get(db, 'b', async () => 'b2')).toBe('b1');
    expect(await cache.get(db, 'both', async () => 'both2')).toBe('both2');
    await noteWrite(db);
    expect(await cache.get(db, 'b', async () => 'b3')).toBe('b3');
  });
});
