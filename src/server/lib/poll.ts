import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` now and again `intervalMs` after each run ends (never two at once), logging a failure and going on.
 * Returns a function that stops the loop and waits for the run in progress.
 */
export function startPolling(
  log: FastifyBaseLogger,
  what: string,
  intervalMs: number,
  work: () => Promise<unknown>,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = work()
      .catch((err) => log.error({ err }, `${what} failed`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
