import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOfficeOpen } from '@shared/domain/office-clock';
import { maySendAt, PERSONAL_SEND_RULES } from '@shared/domain/send-window';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { type DatabaseHandle, openDatabase } from '../../../db/client';
import { contacts, leads, mailOutbox, pushOutbox, pushSubscriptions, users } from '../../../db/schema';
import { createUser } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-app';
import { CLOCK_MAIL_KIND, clockMailTime, runResponseClock } from './clock';
import { ESCALATION_DIGEST_KIND } from './escalation-digest';

// The response clock with two app instances on one database (two pools on PostgreSQL, like two server
// processes): a lead left waiting is escalated once, its mails and push queued once, and a due next touch is
// reminded once per next touch.
let first: FastifyInstance;
let second: FastifyInstance;
const handles: DatabaseHandle[] = [];
const ORIGIN = 'https://agency.example';
const HOURS = { opens: 9 * 60, closes: 16 * 60 };

beforeAll(async () => {
  const db = await openTestDatabase();
  handles.push(db);
  const other = db.url ? await openDatabase({ databaseUrl: db.url, poolSize: 2 }) : db;
  if (other !== db) handles.unshift(other);
  const options = {
    webRoot: null,
    logger: false as const,
    env: { NODE_ENV: 'test' as const, DATA_DIR: mkdtempSync(join(tmpdir(), 'clock-')), APP_ORIGIN: ORIGIN },
  };
  first = await buildApp({ ...options, database: db });
  second = await buildApp({ ...options, database: other });
});

afterAll(async () => {
  await first.close();
  await second.close();
  for (const handle of handles) await handle.close();
});

// Monday 2 March 2026 in Israel (winter time, +02:00): an office day.
const israel = (day: string, time: string) => new Date(`2026-03-${day}T${time}:00+02:00`);

async function waitingLead(ownerId: string, createdAt: Date, phone: string) {
  const [contact] = await first.db.insert(contacts).values({ name: 'ממתין', phone }).returning();
  const [lead] = await first.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'ממתין',
      phone,
      category: 'קונה',
      ownerId,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return lead!;
}

const mailsOf = (leadId: string, kind: string) =>
  first.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.refId, leadId), eq(mailOutbox.kind, kind)));

const digestsTo = (email: string) =>
  first.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, ESCALATION_DIGEST_KIND)));

describe('the response clock', () => {
  it('escalates a lead left waiting past the target once, with two processes running it at once', async () => {
    const owner = await createUser(first.db, { email: 'owner-clock@example.com' });
    const manager = await createUser(first.db, { role: 'admin', email: 'boss-clock@example.com' });
    await first.db
      .insert(pushSubscriptions)
      .values({ userId: owner.id, endpoint: 'https://push.example/owner', p256dh: 'k', auth: 'a' });
    const late = await waitingLead(owner.id, israel('02', '10:00'), '0521110001');
    const inTime = await waitingLead(owner.id, israel('02', '10:50'), '0521110002');
    const now = israel('02', '11:00');

    const runs = await Promise.all([
      runResponseClock(first.db, ORIGIN, now),
      runResponseClock(second.db, ORIGIN, now),
      runResponseClock(first.db, ORIGIN, now),
    ]);
    expect(runs.reduce((n, r) => n + r.escalated, 0)).toBe(1);
    await runResponseClock(second.db, ORIGIN, now);

    const [escalated] = await first.db.select().from(leads).where(eq(leads.id, late.id));
    expect(escalated!.escalatedAt?.toISOString()).toBe(now.toISOString());
    const [notYet] = await first.db.select().from(leads).where(eq(leads.id, inTime.id));
    expect(notYet!.escalatedAt).toBeNull();
    const mails = await mailsOf(late.id, CLOCK_MAIL_KIND.escalation);
    expect(mails.map((m) => m.to)).toEqual([owner.email]);
    expect(mails[0]!.text).toContain(`${ORIGIN}/Leads/${late.id}`);
    const digests = await digestsTo(manager.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain(`${ORIGIN}/Leads/${late.id}`);
    const pushes = await first.db
      .select()
      .from(pushOutbox)
      .where(and(eq(pushOutbox.userId, owner.id), eq(pushOutbox.kind, 'leadEscalated')));
    expect(pushes).toHaveLength(1);

    // A lead contacted in time is never escalated.
    await first.db
      .update(leads)
      .set({ firstContactAt: israel('02', '10:55'), status: 'contacted' })
      .where(eq(leads.id, inTime.id));
    expect((await runResponseClock(first.db, ORIGIN, israel('02', '15:00'))).escalated).toBe(0);
  });

  it('tells each manager of a window’s escalations in one digest, and the owner of each lead', async () => {
    const owner = await createUser(first.db, { email: 'owner-digest@example.com' });
    const managers = [
      await createUser(first.db, { role: 'admin', email: 'digest-admin@example.com' }),
      await createUser(first.db, { role: 'admin', email: 'digest-admin-2@example.com' }),
    ];
    // 25 leads of Tuesday noon, one a minute: more than one slice, escalated over three rounds of the hour.
    const waiting = [];
    for (let i = 0; i < 25; i += 1) {
      const at = new Date(israel('03', '12:00').getTime() + i * 60_000);
      waiting.push(await waitingLead(owner.id, at, `05221200${String(i).padStart(2, '0')}`));
    }
    for (const time of ['12:20', '12:30', '12:45']) {
      await Promise.all([
        runResponseClock(first.db, ORIGIN, israel('03', time)),
        runResponseClock(second.db, ORIGIN, israel('03', time)),
      ]);
    }
    for (const manager of managers) {
      const digests = await digestsTo(manager.email);
      expect(digests).toHaveLength(1);
      expect(digests[0]!.subject).toBe('25 לידים ממתינים למענה');
      for (const lead of waiting) expect(digests[0]!.text).toContain(`${ORIGIN}/Leads/${lead.id}`);
      // It leaves when the window closes, inside office hours.
      expect(digests[0]!.nextAttemptAt.toISOString()).toBe(israel('03', '13:00').toISOString());
    }
    const ownerMails = await first.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.kind, CLOCK_MAIL_KIND.escalation)));
    expect(ownerMails.map((m) => m.refId).sort()).toEqual(waiting.map((l) => l.id).sort());
  });

  it('counts office minutes only: a lead of Friday evening waits until Sunday morning', async () => {
    const owner = await createUser(first.db);
    const friday = await waitingLead(owner.id, israel('06', '18:00'), '0521110003');
    expect((await runResponseClock(first.db, ORIGIN, israel('07', '22:00'))).escalated).toBe(0);
    expect((await runResponseClock(first.db, ORIGIN, israel('08', '09:10'))).escalated).toBe(0);
    expect((await runResponseClock(first.db, ORIGIN, israel('08', '09:16'))).escalated).toBe(1);
    expect(await mailsOf(friday.id, CLOCK_MAIL_KIND.escalation)).not.toEqual([]);
  });

  it('reminds the owner of a due next touch once per next touch', async () => {
    const owner = await createUser(first.db, { email: 'touch-clock@example.com' });
    const lead = await waitingLead(owner.id, israel('02', '09:00'), '0521110004');
    await first.db
      .update(leads)
      .set({ status: 'contacted', firstContactAt: israel('02', '09:05'), nextTouchAt: israel('02', '12:00') })
      .where(eq(leads.id, lead.id));
    expect((await runResponseClock(first.db, ORIGIN, israel('02', '11:59'))).reminded).toBe(0);
    const both = await Promise.all([
      runResponseClock(first.db, ORIGIN, israel('02', '12:01')),
      runResponseClock(second.db, ORIGIN, israel('02', '12:01')),
    ]);
    expect(both.reduce((n, r) => n + r.reminded, 0)).toBe(1);
    expect(await mailsOf(lead.id, CLOCK_MAIL_KIND.nextTouch)).toHaveLength(1);
    await runResponseClock(first.db, ORIGIN, israel('02', '12:30'));
    expect(await mailsOf(lead.id, CLOCK_MAIL_KIND.nextTouch)).toHaveLength(1);
    // A new next touch gets its own reminder; a closed lead none.
    await first.db
      .update(leads)
      .set({ nextTouchAt: israel('02', '14:00') })
      .where(eq(leads.id, lead.id));
    expect((await runResponseClock(first.db, ORIGIN, israel('02', '14:05'))).reminded).toBe(1);
    await first.db
      .update(leads)
      .set({ nextTouchAt: israel('02', '15:00'), status: 'lost', lossReason: 'budget' })
      .where(eq(leads.id, lead.id));
    expect((await runResponseClock(first.db, ORIGIN, israel('02', '15:05'))).reminded).toBe(0);
    const all = await first.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.refId, [lead.id]));
    expect(all).toHaveLength(2);
  });

  it('holds its mail until the office is open and the sending window allows it', () => {
    for (const at of [
      israel('06', '15:00'),
      israel('07', '12:00'),
      israel('02', '20:00'),
      israel('03', '03:00'),
    ]) {
      const time = clockMailTime(at, HOURS);
      expect(time >= at).toBe(true);
      expect(isOfficeOpen(time, HOURS)).toBe(true);
      expect(maySendAt(time, PERSONAL_SEND_RULES)).toBe(true);
    }
    expect(clockMailTime(israel('06', '15:00'), HOURS).toISOString()).toBe(
      israel('08', '09:00').toISOString(),
    );
    const open = israel('02', '10:00');
    expect(clockMailTime(open, HOURS)).toEqual(open);
  });
});

describe('the round robin across processes', () => {
  it('gives leads arriving at once through two processes to the agents in turn, none twice in a row', async () => {
    const a = await createUser(first.db);
    const b = await createUser(first.db);
    await first.db.update(users).set({ takesLeads: false });
    await first.db
      .update(users)
      .set({ takesLeads: true })
      .where(inArray(users.id, [a.id, b.id]));
    const phones = Array.from({ length: 8 }, (_, i) => `05570000${String(i).padStart(2, '0')}`);
    const answers = await Promise.all(
      phones.map((phone, i) =>
        (i % 2 === 0 ? first : second).inject({
          method: 'POST',
          url: '/api/v1/email/send-mail',
          payload: { name: 'סבב מקביל', phone, category: 'קונה' },
          remoteAddress: `10.9.0.${i + 1}`,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(phones.map(() => 201));
    const rows = await first.db
      .select({ ownerId: leads.ownerId, createdAt: leads.createdAt })
      .from(leads)
      .where(eq(leads.name, 'סבב מקביל'))
      .orderBy(leads.createdAt);
    const counts = [a.id, b.id].map((id) => rows.filter((r) => r.ownerId === id).length);
    expect(counts).toEqual([4, 4]);
  });
});
