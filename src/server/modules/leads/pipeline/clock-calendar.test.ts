import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LEAD_SETTINGS } from '@shared/schemas/lead-settings';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { DatabaseHandle } from '../../../db/client';
import { contacts, leads, mailOutbox } from '../../../db/schema';
import { createUser } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-app';
import { getSettings, saveSettings } from '../../settings';
import { CLOCK_MAIL_KIND, runResponseClock } from './clock';
import { saveLeadSettings } from './settings';

// The response clock counts office time by the agency's own holiday setting (working-days.ts), and its mail
// says the target in Hebrew by number ('דקה אחת', not '1 דקות').
let app: FastifyInstance;
let handle: DatabaseHandle;
const ORIGIN = 'https://agency.example';

beforeAll(async () => {
  handle = await openTestDatabase();
  app = await buildApp({
    database: handle,
    webRoot: null,
    logger: false,
    env: { NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'clock-cal-')), APP_ORIGIN: ORIGIN },
  });
  await saveLeadSettings(app.db, { ...DEFAULT_LEAD_SETTINGS, slaMinutes: 1 });
});

afterAll(async () => {
  await app.close();
  await handle.close();
});

// Independence Day 2026, a Wednesday: an office holiday (summer time, +03:00).
const HOLIDAY_10AM = new Date('2026-04-22T10:00:00+03:00');
const HOLIDAY_1030 = new Date('2026-04-22T10:30:00+03:00');

async function waitingLead(ownerId: string, phone: string) {
  const [contact] = await app.db.insert(contacts).values({ name: 'ממתינה', phone }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'ממתינה',
      phone,
      category: 'קונה',
      ownerId,
      createdAt: HOLIDAY_10AM,
      updatedAt: HOLIDAY_10AM,
    })
    .returning();
  return lead!;
}

const escalationMails = (leadId: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.refId, leadId), eq(mailOutbox.kind, CLOCK_MAIL_KIND.escalation)));

describe('the response clock and the holiday setting', () => {
  it('waits out a holiday the office keeps, and runs through it when the agency works on holidays', async () => {
    const owner = await createUser(app.db, { email: 'holiday-owner@example.com' });
    const kept = await waitingLead(owner.id, '0521230001');
    await runResponseClock(app.db, ORIGIN, HOLIDAY_1030);
    expect(await escalationMails(kept.id)).toEqual([]);

    await saveSettings(app.db, { ...(await getSettings(app.db)), excludeHolidays: false });
    const worked = await waitingLead(owner.id, '0521230002');
    await runResponseClock(app.db, ORIGIN, HOLIDAY_1030);
    const mails = await escalationMails(worked.id);
    const ownerMail = mails.find((m) => m.to === 'holiday-owner@example.com');
    expect(ownerMail?.text).toContain('לא קיבל מענה תוך דקה אחת של שעות המשרד');
    expect(ownerMail?.text).not.toMatch(/\d+ דקות/);
  });
});
