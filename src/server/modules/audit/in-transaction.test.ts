import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { goals, indicators } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// When the audit entry cannot be written, the change it records must not be stored either.
let app: TestApp;
let admin: string;
let agentId: string;

const ZERO = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };

beforeAll(async () => {
  app = await createTestApp();
  const a = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  agentId = (await createUser(app.db, { name: 'סוכן' })).id;
  admin = await signIn(app, a.email, TEST_PASSWORD);
});

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: { cookie: admin }, payload });

async function breakAuditLog() {
  await app.db.execute(sql`
    create function refuse_audit() returns trigger language plpgsql as
    $$ begin raise exception 'audit log unavailable'; end $$`);
  await app.db.execute(sql`
    create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);
}

describe('audit entries of indicators and goals', () => {
  it('are written in the same transaction as the change', async () => {
    const [entry] = await app.db
      .insert(indicators)
      .values({ agentId, ...ZERO, deals: 1, createdAt: new Date('2026-03-10T09:00:00Z') })
      .returning();
    const [goal] = await app.db
      .insert(goals)
      .values({ agentId, year: 2026, month: 3, ...ZERO, deals: 4 })
      .returning();
    await breakAuditLog();

    expect((await send('POST', '/indicators', { agent: agentId, deals: 3 })).statusCode).toBe(500);
    expect((await send('PATCH', `/indicators/${entry!.id}`, { deals: 9 })).statusCode).toBe(500);
    expect((await send('DELETE', `/indicators/${entry!.id}`)).statusCode).toBe(500);
    const stored = await app.db.select().from(indicators);
    expect(stored.map((row) => [row.id, row.deals])).toEqual([[entry!.id, 1]]);

    expect((await send('POST', '/goals', { agent: agentId, year: 2026, month: 4, ...ZERO })).statusCode).toBe(
      500,
    );
    expect((await send('POST', '/goals', { agent: agentId, year: 2026, month: 3, ...ZERO })).statusCode).toBe(
      500,
    );
    expect((await send('PATCH', `/goals/${goal!.id}`, { deals: 8 })).statusCode).toBe(500);
    const goalRows = await app.db.select().from(goals);
    expect(goalRows.map((row) => [row.month, row.deals])).toEqual([[3, 4]]);
  });
});
