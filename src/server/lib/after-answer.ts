import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a route starts only once its answer is sent, so the answer's timing cannot depend on it (the forgotten-
 * password request answers as fast for an unknown e-mail as for a known one). A failure is logged; the app
 * waits for whatever is still running before it closes its database.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();
  /** How many jobs were handed over since the app started. */
  queued = 0;

  run(log: FastifyBaseLogger, what: string, work: () => Promise<void>): void {
    this.queued += 1;
    const job: Promise<void> = work()
      .catch((err) => log.error({ err }, `${what} failed`))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves once no job is running (jobs started meanwhile included). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
