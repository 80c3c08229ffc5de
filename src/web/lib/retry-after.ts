/** The longest the app waits on a server's Retry-After before it tries again (a longer one is read as this). */
export const MAX_RETRY_WAIT_MS = 30_000;

/**
 * How long to wait before sending again, from an answer's Retry-After (seconds, or an HTTP date): undefined when
 * the answer has none or it cannot be read; between 0 and MAX_RETRY_WAIT_MS otherwise.
 */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_WAIT_MS);
}

/** Resolves after `ms`, or rejects at once with the signal's reason when it is aborted. */
export function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
