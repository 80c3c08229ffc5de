import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const accept: Resolver<Values> = async (values) => ({ values, errors: {} });
const run = (resolver: Resolver<Values>) =>
  resolver({ name: 'x' }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('lazyResolver', () => {
  it('loads the real resolver once, on the first validation or on preload, and delegates to it', async () => {
    const load = vi.fn(async () => accept);
    const { resolver, preload } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    await expect(run(resolver)).resolves.toEqual({ values: { name: 'x' }, errors: {} });
    await run(resolver);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after it failed', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(accept);
    const { resolver, preload } = lazyResolver(load);
    preload(); // a failed preload is silent
    await expect(run(resolver)).rejects.toThrow('offline');
    await expect(run(resolver)).resolves.toEqual({ values: { name: 'x' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
