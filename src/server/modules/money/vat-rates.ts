import { israelDate } from '@shared/domain/israel-time';
import { type CreateVatRateBody, MONEY_MESSAGES } from '@shared/schemas/money';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vatRates } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';

/**
 * VAT rates by start date (docs/decisions/0048-commission-statements.md): a deal's statement takes the rate in
 * force on its signing date. A new rate starts after today, so no signed deal changes its rate; rows are never
 * edited or deleted.
 */

/** GET /vat-rates: every rate, the latest date first, and the one in force today. */
export async function listVatRates(db: Database) {
  const rows = await db.select().from(vatRates).orderBy(desc(vatRates.startsOn));
  const today = israelDate();
  return {
    vatRates: rows.map((r) => ({ startsOn: r.startsOn, rateBp: r.rateBp })),
    currentBp: (rows.find((r) => r.startsOn <= today) ?? rows.at(-1))?.rateBp ?? null,
  };
}

/** POST /vat-rates (network admins): a rate from a date after today. */
export async function addVatRate(db: Database, actor: SessionUser, body: CreateVatRateBody) {
  if (body.startsOn <= israelDate())
    throw badRequest(MONEY_MESSAGES.vatStartsOn, { startsOn: MONEY_MESSAGES.vatStartsOn });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vatRates)
      .values({ startsOn: body.startsOn, rateBp: body.rateBp })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(MONEY_MESSAGES.vatSameDay, { startsOn: MONEY_MESSAGES.vatSameDay });
    await recordAudit(tx as unknown as Database, actor, {
      entity: 'settings',
      entityId: null,
      action: 'update',
      before: { vatRate: null },
      after: { vatRate: { startsOn: row.startsOn, rateBp: row.rateBp } },
    });
    return { startsOn: row.startsOn, rateBp: row.rateBp };
  });
}
