import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';
import { MAX_RETRY_WAIT_MS, retryAfterMs } from './retry-after';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const unavailable = () =>
  answer(
    503,
    { status: 'error', code: 'UNAVAILABLE', message: 'השירות אינו זמין כרגע' },
    { 'retry-after': '5' },
  );

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, within the longest wait', () => {
    expect(retryAfterMs('5')).toBe(5000);
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs('3600')).toBe(MAX_RETRY_WAIT_MS);
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 10:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Thu, 01 Jan 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('is undefined without a readable header', () => {
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('')).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('apiRequest and a server that cannot take a request now', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a read again after the Retry-After it was given', async () => {
    fetchMock.mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(answer(200, { status: 'success' }));
    const request = apiRequest('/property/sold');
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(request).resolves.toEqual({ status: 'success' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends a write again only when it has an Idempotency-Key', async () => {
    fetchMock.mockResolvedValueOnce(unavailable());
    await expect(apiRequest('/leads', { body: { name: 'x' } })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(answer(201, { status: 'success' }));
    const keyed = apiRequest('/indicators', { body: { n: 1 }, headers: { 'Idempotency-Key': 'k-1' } });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(keyed).resolves.toEqual({ status: 'success' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after two more tries with the server message', async () => {
    fetchMock.mockImplementation(async () => unavailable());
    const request = apiRequest('/property/sold').catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await request;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('השירות אינו זמין כרגע');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not wait on a 503 without Retry-After, nor after the request is cancelled', async () => {
    fetchMock.mockResolvedValueOnce(answer(503, { message: 'x' }));
    await expect(apiRequest('/property/sold')).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => unavailable());
    const controller = new AbortController();
    const request = apiRequest('/property/sold', { signal: controller.signal }).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new DOMException('aborted', 'AbortError'));
    expect(await request).toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
