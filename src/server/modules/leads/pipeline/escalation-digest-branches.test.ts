import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, contacts, leads, mailOutbox } from '../../../db/schema';
import { createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runResponseClock } from './clock';
import { ESCALATION_DIGEST_KIND } from './escalation-digest';

// The managers' digest of escalated leads across branches, on both databases: a branch manager reads only her
// branch's leads in it (never another branch's names and phones), a network admin every branch's with its name,
// each lead with its own branch's response target; a branch with no escalation sends its manager nothing.

let app: TestApp;
const ORIGIN = 'https://agency.example';
// Monday 2 March 2026 in Israel (winter time, +02:00): an office day.
const israel = (time: string) => new Date(`2026-03-02T${time}:00+02:00`);
const emails = {
  network: 'digest-network@example.com',
  haifa: 'digest-haifa@example.com',
  telAviv: 'digest-tel-aviv@example.com',
  quiet: 'digest-quiet@example.com',
};
const lead = { haifa: { id: '', phone: '0527770001' }, telAviv: { id: '', phone: '0527770002' } };

async function waitingLead(branchId: string, ownerId: string, phone: string, name: string) {
  const [contact] = await app.db.insert(contacts).values({ name, phone, branchId }).returning();
  const createdAt = israel('10:00');
  const [row] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name,
      phone,
      category: 'קונה',
      ownerId,
      branchId,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!.id;
}

const digestTo = async (email: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, ESCALATION_DIGEST_KIND)));

beforeAll(async () => {
  app = await createTestApp({ env: { APP_ORIGIN: ORIGIN } });
  const [haifa, telAviv, quiet] = await app.db
    .insert(branches)
    .values([
      { name: 'סניף חיפה', slug: 'digest-haifa', city: 'חיפה' },
      { name: 'סניף תל אביב', slug: 'digest-tel-aviv', city: 'תל אביב-יפו' },
      { name: 'סניף שקט', slug: 'digest-quiet', city: 'עכו' },
    ])
    .returning();
  const network = await createUser(app.db, { role: 'admin', email: emails.network, branchId: telAviv!.id });
  await createUser(app.db, { role: 'admin', networkAccess: false, email: emails.haifa, branchId: haifa!.id });
  await createUser(app.db, {
    role: 'admin',
    networkAccess: false,
    email: emails.telAviv,
    branchId: telAviv!.id,
  });
  await createUser(app.db, { role: 'admin', networkAccess: false, email: emails.quiet, branchId: quiet!.id });
  // Haifa answers within 30 office minutes; Tel Aviv keeps the network's target (15).
  const own = await app.inject({
    method: 'PUT',
    url: `/api/v1/pipeline/branches/${haifa!.id}/settings`,
    headers: { cookie: await sessionCookieFor(app.db, network.id) },
    payload: {
      cities: [],
      own: {
        rules: ['roundRobin'],
        cityAgents: [],
        slaMinutes: 30,
        officeHours: { opens: '09:00', closes: '18:00' },
      },
    },
  });
  expect(own.statusCode, own.body).toBe(200);
  const haifaAgent = await createUser(app.db, { branchId: haifa!.id });
  const telAvivAgent = await createUser(app.db, { branchId: telAviv!.id });
  lead.haifa.id = await waitingLead(haifa!.id, haifaAgent.id, lead.haifa.phone, 'פונה מחיפה');
  lead.telAviv.id = await waitingLead(telAviv!.id, telAvivAgent.id, lead.telAviv.phone, 'פונה מתל אביב');
  expect((await runResponseClock(app.db, ORIGIN, israel('11:00'))).escalated).toBe(2);
});

describe('the escalation digest across branches', () => {
  it('tells a branch manager of her branch’s leads only, with her branch’s response target', async () => {
    const [haifa] = await digestTo(emails.haifa);
    expect(haifa!.subject).toBe('ליד אחד ממתין למענה');
    expect(haifa!.text).toContain(`${ORIGIN}/Leads/${lead.haifa.id}`);
    expect(haifa!.text).toContain('יעד מענה: 30 דקות');
    expect(haifa!.text).not.toContain(lead.telAviv.phone);
    expect(haifa!.text).not.toContain(lead.telAviv.id);

    const [telAviv] = await digestTo(emails.telAviv);
    expect(telAviv!.text).toContain(lead.telAviv.phone);
    expect(telAviv!.text).toContain('יעד מענה: 15 דקות');
    expect(telAviv!.text).not.toContain(lead.haifa.phone);
  });

  it('tells a network admin of every branch’s leads, each with its branch', async () => {
    const digests = await digestTo(emails.network);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('2 לידים ממתינים למענה');
    expect(digests[0]!.text).toMatch(/פונה מחיפה \(0527770001\), סניף חיפה, .*יעד מענה: 30 דקות/);
    expect(digests[0]!.text).toMatch(/פונה מתל אביב \(0527770002\), סניף תל אביב, .*יעד מענה: 15 דקות/);
  });

  it('sends nothing to the manager of a branch where nothing was escalated', async () => {
    expect(await digestTo(emails.quiet)).toEqual([]);
  });
});
