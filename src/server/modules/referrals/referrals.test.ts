import { REFERRAL_MESSAGES } from '@shared/schemas/referrals';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, contacts, leadActivities, leadReferrals, leads } from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// Referring a lead to another branch (docs/decisions/0044-lead-referrals.md), on both databases: the Haifa side
// refers, the Herzliya side accepts (the lead moves, with its owner, routing reason and timeline) or declines
// (the lead stays, the reason reaches Haifa); a third branch learns nothing, an agent decides nothing.

let app: TestApp;
type Person = { id: string; cookie: string };
const ids = { haifa: '', herzliya: '', telAviv: '', closed: '' };
let ceo: Person;
let haifaManager: Person;
let haifaAgent: Person;
let herzliyaManager: Person;
let herzliyaAgent: Person;
let telAvivManager: Person;
let telAvivAgent: Person;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

async function person(branchId: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

let phoneCounter = 1_000_000;
async function leadIn(branchId: string, ownerId: string) {
  const phone = `050${phoneCounter++}`;
  const [contact] = await app.db.insert(contacts).values({ name: 'פונה', phone, branchId }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: `פונה ${phone}`,
      phone,
      category: 'קונה',
      ownerId,
      branchId,
      routingReason: 'סבב: הבא בתור',
    })
    .returning();
  return lead!.id;
}

const refer = (leadId: string, who: Person, body: object) =>
  call('POST', `/pipeline/leads/${leadId}/referral`, who.cookie, body);

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const rows = await app.db
    .insert(branches)
    .values([
      { name: 'סניף חיפה', slug: 'haifa', city: 'חיפה' },
      { name: 'סניף הרצליה', slug: 'herzliya', city: 'הרצליה' },
      { name: 'תל אביב', slug: 'tel-aviv', city: 'תל אביב-יפו' },
      { name: 'סניף סגור', slug: 'closed', city: 'עכו', active: false },
    ])
    .returning();
  [ids.haifa, ids.herzliya, ids.telAviv, ids.closed] = rows.map((r) => r.id) as [
    string,
    string,
    string,
    string,
  ];
  ceo = await person(ids.telAviv, { role: 'admin', networkAccess: true, name: 'מנכ"ל הרשת' });
  haifaManager = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'זכיינית חיפה' });
  haifaAgent = await person(ids.haifa, { name: 'סוכן חיפה' });
  herzliyaManager = await person(ids.herzliya, { role: 'admin', networkAccess: false, name: 'מנהלת הרצליה' });
  herzliyaAgent = await person(ids.herzliya, { name: 'סוכנת הרצליה' });
  telAvivManager = await person(ids.telAviv, { role: 'admin', networkAccess: false, name: 'מנהל תל אביב' });
  telAvivAgent = await person(ids.telAviv, { name: 'סוכן תל אביב' });
});

describe('referring a lead', () => {
  it('offers the other open branches and the network default fee', async () => {
    const res = await call('GET', '/referrals/options', haifaAgent.cookie);
    expect(res.statusCode).toBe(200);
    const names = res.json().data.branches.map((b: { name: string }) => b.name);
    expect(names).toContain('סניף הרצליה');
    expect(names).not.toContain('סניף חיפה');
    expect(names).not.toContain('סניף סגור');
    expect(res.json().data.defaultFeePercent).toBe(25);
  });

  it('is accepted by the receiving manager: the lead moves with its owner, routing reason and timeline', async () => {
    const leadId = await leadIn(ids.haifa, haifaAgent.id);
    const referred = await refer(leadId, haifaAgent, {
      toBranchId: ids.herzliya,
      feePercent: 30,
      note: 'גר בהרצליה',
    });
    expect(referred.statusCode).toBe(201);
    const referral = referred.json().data.referral;
    expect(referral).toMatchObject({
      status: 'pending',
      feePercent: 30,
      fromBranch: { name: 'סניף חיפה' },
      toBranch: { name: 'סניף הרצליה' },
      referredBy: { name: 'סוכן חיפה' },
    });

    // Both branch managers see it; only the receiving one may decide it.
    const incoming = await call('GET', '/referrals', herzliyaManager.cookie);
    const inItem = incoming.json().data.referrals.find((r: { _id: string }) => r._id === referral._id);
    expect(inItem).toMatchObject({ canDecide: true, canOpenLead: false, note: 'גר בהרצליה' });
    const outgoing = await call('GET', '/referrals', haifaManager.cookie);
    const outItem = outgoing.json().data.referrals.find((r: { _id: string }) => r._id === referral._id);
    expect(outItem).toMatchObject({ canDecide: false, canOpenLead: true, status: 'pending' });
    const bySender = await call('POST', `/referrals/${referral._id}/accept`, haifaManager.cookie, {});
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().message).toBe(REFERRAL_MESSAGES.receivingOnly);

    const accepted = await call('POST', `/referrals/${referral._id}/accept`, herzliyaManager.cookie, {
      ownerId: herzliyaAgent.id,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.referral).toMatchObject({
      status: 'accepted',
      decidedBy: { name: 'מנהלת הרצליה' },
      canOpenLead: true,
    });

    const reason = 'הופנה מסניף חיפה לסניף הרצליה, עמלת הפניה 30%';
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ branchId: ids.herzliya, ownerId: herzliyaAgent.id, routingReason: reason });
    const page = await call('GET', `/pipeline/leads/${leadId}`, herzliyaAgent.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.lead.routingReason).toBe(reason);
    expect(page.json().data.lead.branch.name).toBe('סניף הרצליה');
    const entry = page.json().data.lead.timeline.find((a: { kind: string }) => a.kind === 'assignment');
    expect(entry.note).toBe(`${reason}. גר בהרצליה`);
    expect(entry.agent.name).toBe('סוכנת הרצליה');
    expect(entry.branch.name).toBe('סניף הרצליה');

    // Haifa no longer finds it; Herzliya's list has it.
    expect((await call('GET', `/pipeline/leads/${leadId}`, haifaManager.cookie)).statusCode).toBe(404);
    const haifaList = await call('GET', '/pipeline/leads', haifaManager.cookie);
    expect(haifaList.json().data.leads.map((l: { _id: string }) => l._id)).not.toContain(leadId);
    const herzliyaList = await call('GET', '/pipeline/leads', herzliyaManager.cookie);
    expect(herzliyaList.json().data.leads.map((l: { _id: string }) => l._id)).toContain(leadId);

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'lead'), eq(auditLog.entityId, leadId)));
    expect(audit.map((a) => Object.keys(a.changes).sort())).toContainEqual([
      'branchId',
      'ownerId',
      'routingReason',
    ]);

    const again = await call('POST', `/referrals/${referral._id}/decline`, herzliyaManager.cookie, {
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
  });

  it('makes the accepting manager the owner when no agent is chosen', async () => {
    const leadId = await leadIn(ids.haifa, haifaAgent.id);
    const referral = (await refer(leadId, haifaManager, { toBranchId: ids.herzliya, feePercent: 25 })).json()
      .data.referral;
    const res = await call('POST', `/referrals/${referral._id}/accept`, herzliyaManager.cookie, {});
    expect(res.statusCode).toBe(200);
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ branchId: ids.herzliya, ownerId: herzliyaManager.id });
  });

  it('is declined with a reason: the lead stays, and the referring branch reads why', async () => {
    const leadId = await leadIn(ids.haifa, haifaAgent.id);
    const referral = (await refer(leadId, haifaAgent, { toBranchId: ids.herzliya, feePercent: 25 })).json()
      .data.referral;
    const noReason = await call('POST', `/referrals/${referral._id}/decline`, herzliyaManager.cookie, {
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toBe(REFERRAL_MESSAGES.reasonRequired);
    const declined = await call('POST', `/referrals/${referral._id}/decline`, herzliyaManager.cookie, {
      reason: 'אין לנו סוכן פנוי באזור',
    });
    expect(declined.statusCode).toBe(200);
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({
      branchId: ids.haifa,
      ownerId: haifaAgent.id,
      routingReason: 'סבב: הבא בתור',
    });
    const list = await call('GET', '/referrals', haifaManager.cookie);
    expect(list.json().data.referrals.find((r: { _id: string }) => r._id === referral._id)).toMatchObject({
      status: 'declined',
      declineReason: 'אין לנו סוכן פנוי באזור',
      decidedBy: { name: 'מנהלת הרצליה' },
    });
    // Declined, the lead may be referred again.
    expect((await refer(leadId, haifaAgent, { toBranchId: ids.telAviv, feePercent: 20 })).statusCode).toBe(
      201,
    );
  });

  it('hides a referral from a third branch (404) and refuses an agent of the receiving branch (403)', async () => {
    const leadId = await leadIn(ids.haifa, haifaAgent.id);
    const referral = (await refer(leadId, haifaAgent, { toBranchId: ids.herzliya, feePercent: 25 })).json()
      .data.referral;
    const list = await call('GET', '/referrals', telAvivManager.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.referrals.map((r: { _id: string }) => r._id)).not.toContain(referral._id);
    for (const action of ['accept', 'decline']) {
      const res = await call('POST', `/referrals/${referral._id}/${action}`, telAvivManager.cookie, {
        reason: 'לא',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REFERRAL_MESSAGES.notFound);
    }
    // A third branch cannot refer another branch's lead either.
    expect(
      (await refer(leadId, telAvivManager, { toBranchId: ids.telAviv, feePercent: 25 })).statusCode,
    ).toBe(404);
    for (const agent of [herzliyaAgent, telAvivAgent]) {
      const res = await call('POST', `/referrals/${referral._id}/accept`, agent.cookie, {});
      expect(res.statusCode).toBe(403);
    }
    expect((await call('GET', '/referrals', herzliyaAgent.cookie)).statusCode).toBe(403);
    const [row] = await app.db.select().from(leadReferrals).where(eq(leadReferrals.id, referral._id));
    expect(row!.status).toBe('pending');
    // The network CEO sees and decides every branch's referrals.
    const ceoList = await call('GET', '/referrals', ceo.cookie);
    expect(ceoList.json().data.referrals.find((r: { _id: string }) => r._id === referral._id).canDecide).toBe(
      true,
    );
    const wrongOwner = await call('POST', `/referrals/${referral._id}/accept`, ceo.cookie, {});
    expect(wrongOwner.statusCode).toBe(400);
    expect(wrongOwner.json().fieldErrors.ownerId).toBe(REFERRAL_MESSAGES.owner);
    const byCeo = await call('POST', `/referrals/${referral._id}/accept`, ceo.cookie, {
      ownerId: herzliyaAgent.id,
    });
    expect(byCeo.statusCode).toBe(200);
  });

  it("refuses an agent referring another agent's lead (403)", async () => {
    const other = await person(ids.haifa, { name: 'סוכנת חיפה שנייה' });
    const leadId = await leadIn(ids.haifa, haifaAgent.id);
    const res = await refer(leadId, other, { toBranchId: ids.herzliya, feePercent: 25 });
    expect(res.statusCode).toBe(403);
    expect(await app.db.select().from(leadReferrals).where(eq(leadReferrals.leadId, leadId))).toEqual([]);
  });

  it('refuses bad input with Hebrew field messages, and a second pending referral with 409', async () => {
    const leadId = await leadIn(ids.haifa, haifaAgent.id);
    const cases: [object, string, string][] = [
      [{ toBranchId: ids.herzliya, feePercent: 101 }, 'feePercent', REFERRAL_MESSAGES.fee],
      [{ toBranchId: ids.herzliya, feePercent: -1 }, 'feePercent', REFERRAL_MESSAGES.fee],
      [{ toBranchId: ids.herzliya, feePercent: 12.5 }, 'feePercent', REFERRAL_MESSAGES.fee],
      [{ toBranchId: ids.herzliya }, 'feePercent', REFERRAL_MESSAGES.fee],
      [{ toBranchId: 'haifa', feePercent: 25 }, 'toBranchId', REFERRAL_MESSAGES.toBranch],
      [{ toBranchId: ids.closed, feePercent: 25 }, 'toBranchId', REFERRAL_MESSAGES.toBranch],
      [{ toBranchId: ids.haifa, feePercent: 25 }, 'toBranchId', REFERRAL_MESSAGES.sameBranch],
      [
        { toBranchId: ids.herzliya, feePercent: 25, note: 'א'.repeat(1001) },
        'note',
        REFERRAL_MESSAGES.noteTooLong,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await refer(leadId, haifaAgent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field], JSON.stringify(body)).toBe(message);
    }
    expect(await app.db.select().from(leadReferrals).where(eq(leadReferrals.leadId, leadId))).toEqual([]);

    expect((await refer(leadId, haifaAgent, { toBranchId: ids.herzliya, feePercent: 25 })).statusCode).toBe(
      201,
    );
    const second = await refer(leadId, haifaManager, { toBranchId: ids.telAviv, feePercent: 25 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(REFERRAL_MESSAGES.alreadyPending);
    const rows = await app.db.select().from(leadReferrals).where(eq(leadReferrals.leadId, leadId));
    expect(rows).toHaveLength(1);
    // Accepting with an agent of another branch is refused on its field, and nothing moves.
    const bad = await call('POST', `/referrals/${rows[0]!.id}/accept`, herzliyaManager.cookie, {
      ownerId: telAvivAgent.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.ownerId).toBe(REFERRAL_MESSAGES.owner);
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.branchId).toBe(ids.haifa);
    expect(
      await app.db
        .select()
        .from(leadActivities)
        .where(and(eq(leadActivities.leadId, leadId), eq(leadActivities.kind, 'assignment'))),
    ).toEqual([]);
  });
});
