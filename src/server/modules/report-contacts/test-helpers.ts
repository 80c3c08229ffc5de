import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';

/** Inserts a property row straight into the table (this module does not depend on the properties module). */
export async function insertPropertyRow(db: Database, overrides: Partial<typeof properties.$inferInsert>) {
  const [row] = await db
    .insert(properties)
    .values({
      typeTransaction: 'מכירה',
      city: 'חיפה',
      address: 'הרצל 10',
      price: 2_000_000,
      category: 'דירה',
      exclusive: true,
      ...overrides,
    })
    .returning();
  return row!;
}

/** `app.inject` with an optional session cookie. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A YYYY-MM-DD date `days` after (or before, when negative) the given one. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
