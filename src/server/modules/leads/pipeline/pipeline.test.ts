import { israelYearMonth } from '@shared/domain/israel-calendar';
import { COMPANY_ROLES } from '@shared/domain/roles';
import { ROUTING_REASONS } from '@shared/domain/routing';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contacts,
  indicatorMonthTotals,
  indicators,
  leadActivities,
  leads,
  mailOutbox,
  users,
} from '../../../db/schema';
import { createProperty, createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The pipeline's API on both databases (docs/leads.md): intake from the public forms into contacts and routed
// leads, the role rules, moves and activities, indicators written from activities (and the month figures that
// follow), reassignment, the board, the agent's day, the export, settings, availability and performance.

let app: TestApp;
let admin: { id: string; cookie: string };
const plenty = { max: 100_000, windowMs: 60_000 };

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function agent(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app.db, overrides);
  return { id: user.id, name: user.name, cookie: await sessionCookieFor(app.db, user.id) };
}

/** Only these users take leads in the round robin (everyone else's switch off). */
async function onlyTheseTakeLeads(ids: string[]) {
  await app.db.update(users).set({ takesLeads: false });
  for (const id of ids) await app.db.update(users).set({ takesLeads: true }).where(eq(users.id, id));
}

const leadsOfPhone = async (phoneKey: string) =>
  app.db
    .select({ lead: leads })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(eq(contacts.phoneKey, phoneKey))
    .orderBy(leads.createdAt);

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: plenty } });
  const user = await createUser(app.db, { role: 'admin', name: 'מנהל בדיקה' });
  admin = { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
});

describe('intake from the public forms', () => {
  it('makes a contact and a routed lead with its reason from an inquiry, and merges a second one by phone', async () => {
    const owner = await agent({ name: 'סוכן הנכס' });
    const property = await createProperty(app.db, { agentId: owner.id, address: 'הברוש 4' });
    const first = await call('POST', `/property/${property.id}/inquiry`, undefined, {
      name: 'קונה ראשון',
      phone: '052-111-2233',
      message: 'מעוניין',
    });
    expect(first.statusCode).toBe(201);
    const second = await call('POST', '/email/send-mail', undefined, {
      name: 'קונה ראשון',
      phone: '+972 52 111 2233',
      category: 'קונה',
    });
    expect(second.statusCode).toBe(201);
    const rows = await leadsOfPhone('+972521112233');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.lead).toMatchObject({
      source: 'propertyInquiry',
      ownerId: owner.id,
      routingReason: ROUTING_REASONS.propertyAgent,
      status: 'new',
    });
    // The second request goes to the agent who already handles the contact.
    expect(rows[1]!.lead).toMatchObject({
      source: 'homeForm',
      ownerId: owner.id,
      routingReason: ROUTING_REASONS.contactOwner,
    });
    expect(rows[0]!.lead.contactId).toBe(rows[1]!.lead.contactId);
    const timeline = await app.db
      .select()
      .from(leadActivities)
      .where(eq(leadActivities.leadId, rows[0]!.lead.id));
    expect(timeline.map((a) => [a.kind, a.note])).toEqual([['assignment', ROUTING_REASONS.propertyAgent]]);
    // The owner sees both on the lead page.
    const page = await call('GET', `/pipeline/leads/${rows[0]!.lead.id}`, owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(
      page
        .json()
        .data.lead.contactLeads.map((l: { _id: string }) => l._id)
        .sort(),
    ).toEqual(rows.map((r) => r.lead.id).sort());
    expect(page.json().data.lead.contact.phone).toBe('052-111-2233');
  });

  it('writes nothing when the mail cannot be queued in the same transaction', async () => {
    const before = (await app.db.select().from(leads)).length;
    const contactsBefore = (await app.db.select().from(contacts)).length;
    await app.db.execute(
      sql`alter table mail_outbox add constraint no_mail check (kind <> 'lead') not valid`,
    );
    try {
      const res = await call('POST', '/email/send-mail', undefined, {
        name: 'לא יישמר',
        phone: '0529998888',
        category: 'קונה',
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await app.db.execute(sql`alter table mail_outbox drop constraint no_mail`);
    }
    expect((await app.db.select().from(leads)).length).toBe(before);
    expect((await app.db.select().from(contacts)).length).toBe(contactsBefore);
  });

  it('routes by round robin in id order, skipping agents on leave, inactive agents and pure admins', async () => {
    const a = await agent();
    const b = await agent();
    const c = await agent({ leaveFrom: '2000-01-01', leaveUntil: '2999-12-31' });
    const d = await agent({ active: false });
    const pureAdmin = await createUser(app.db, { role: 'admin' });
    await onlyTheseTakeLeads([a.id, b.id, c.id, d.id, pureAdmin.id]);
    const owners: string[] = [];
    for (const phone of ['0531000001', '0531000002', '0531000003']) {
      expect(
        (await call('POST', '/email/send-mail', undefined, { name: 'סבב', phone, category: 'קונה' }))
          .statusCode,
      ).toBe(201);
      const [row] = await leadsOfPhone(`+972${phone.slice(1)}`);
      expect(row!.lead.routingReason).toBe(ROUTING_REASONS.roundRobin);
      owners.push(row!.lead.ownerId!);
    }
    const pool = [a.id, b.id].sort();
    expect(owners[0]).not.toBe(owners[1]);
    expect(new Set(owners.slice(0, 2))).toEqual(new Set(pool));
    expect(owners[2]).toBe(owners[0]);
  });

  it('sends a valuation request to the agent set for its city, else the round robin', async () => {
    const cityAgent = await agent();
    const put = await call('PUT', '/pipeline/settings', admin.cookie, {
      rules: ['propertyAgent', 'secondAgent', 'cityAgent', 'contactOwner', 'roundRobin'],
      cityAgents: [{ city: 'נשר', agentId: cityAgent.id }],
      slaMinutes: 15,
      officeHours: { opens: '09:00', closes: '16:00' },
    });
    expect(put.statusCode).toBe(200);
    const res = await call('POST', '/valuation', undefined, {
      name: 'מוכרת',
      phone: '0541231234',
      city: 'נשר',
      street: 'הגפן 1',
      rooms: '3.5',
      size: 80,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/הערכת שווי/);
    const [row] = await leadsOfPhone('+972541231234');
    expect(row!.lead).toMatchObject({
      source: 'valuation',
      category: 'מוכר',
      ownerId: cityAgent.id,
      routingReason: ROUTING_REASONS.cityAgent('נשר'),
      valuation: { city: 'נשר', street: 'הגפן 1', rooms: 3.5, size: 80 },
    });
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, row!.lead.id));
    expect(mails).toHaveLength(1);
    const bad = await call('POST', '/valuation', undefined, {
      name: 'x',
      phone: '12',
      city: '',
      street: '',
      rooms: 0,
      size: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(
      expect.arrayContaining(['phone', 'city', 'street', 'rooms', 'size']),
    );
  });
});

describe('routing reasons and bots', () => {
  it('skips a property agent on leave for the second agent and says so', async () => {
    const away = await agent({ name: 'סוכן בחופשה', leaveFrom: '2000-01-01', leaveUntil: '2999-12-12' });
    const second = await agent({ name: 'סוכן שני' });
    const property = await createProperty(app.db, { agentId: away.id, agentSecendId: second.id });
    const res = await call('POST', `/property/${property.id}/inquiry`, undefined, {
      name: 'פונה בחופשה',
      phone: '0547770001',
      message: '',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await leadsOfPhone('+972547770001');
    expect(row!.lead.ownerId).toBe(second.id);
    expect(row!.lead.routingReason).toBe(
      `${ROUTING_REASONS.propertyAgent} בחופשה עד 12.12, הועבר לסוכן שני (${ROUTING_REASONS.secondAgent})`,
    );
  });

  it('answers a bot that fills the honeypot as a person but stores nothing', async () => {
    const before = (await app.db.select().from(leads)).length;
    const res = await call('POST', '/valuation', undefined, {
      name: 'בוט',
      phone: '0547770002',
      city: 'חיפה',
      street: 'הרצל 1',
      rooms: 3,
      size: 80,
      website: 'http://spam.example',
    });
    expect(res.statusCode).toBe(201);
    expect((await app.db.select().from(leads)).length).toBe(before);
  });
});

describe('the role rules', () => {
  it('lets an agent see and work only its own leads, and an admin all', async () => {
    const a = await agent();
    const b = await agent();
    const mine = await call('POST', '/pipeline/leads', a.cookie, {
      name: 'שלי',
      phone: '0502000001',
      category: 'קונה',
    });
    expect(mine.statusCode).toBe(201);
    const lead = mine.json().data.lead;
    expect(lead).toMatchObject({
      source: 'manual',
      owner: { _id: a.id },
      routingReason: ROUTING_REASONS.manual,
    });
    const id = lead._id;

    expect((await call('GET', `/pipeline/leads/${id}`, b.cookie)).statusCode).toBe(403);
    expect((await call('PATCH', `/pipeline/leads/${id}`, b.cookie, { status: 'contacted' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', `/pipeline/leads/${id}/activities`, b.cookie, { kind: 'call' })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/pipeline/leads?ownerId=${a.id}`, b.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/pipeline/board?ownerId=${a.id}`, b.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/pipeline/my-day?ownerId=${a.id}`, b.cookie)).statusCode).toBe(403);
    expect(
      (
        await call('POST', '/pipeline/leads', b.cookie, {
          name: 'x',
          phone: '0502000002',
          category: 'קונה',
          ownerId: a.id,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/pipeline/leads/${id}/reassign`, a.cookie, { ownerId: b.id })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/pipeline/settings', a.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/pipeline/performance?year=2026&month=1', a.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/pipeline/leads')).statusCode).toBe(401);

    const listB = (await call('GET', '/pipeline/leads', b.cookie)).json().data;
    expect(listB.leads.map((l: { _id: string }) => l._id)).not.toContain(id);
    expect(listB.owners).toEqual([]);
    const listA = (await call('GET', '/pipeline/leads', a.cookie)).json().data;
    expect(listA.leads.map((l: { _id: string }) => l._id)).toEqual([id]);
    const all = (await call('GET', `/pipeline/leads?ownerId=${a.id}`, admin.cookie)).json().data;
    expect(all.leads.map((l: { _id: string }) => l._id)).toEqual([id]);
    expect(all.owners.map((o: { _id: string }) => o._id)).toContain(a.id);
    expect((await call('GET', `/pipeline/leads/${id}`, admin.cookie)).statusCode).toBe(200);
  });

  it('lets an admin reassign, with the reason on the lead, the timeline and the audit log', async () => {
    const a = await agent();
    const b = await agent();
    const id = (
      await call('POST', '/pipeline/leads', a.cookie, {
        name: 'להעברה',
        phone: '0502000003',
        category: 'קונה',
      })
    ).json().data.lead._id;
    const res = await call('POST', `/pipeline/leads/${id}/reassign`, admin.cookie, {
      ownerId: b.id,
      note: 'עומס',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lead).toMatchObject({
      owner: { _id: b.id },
      routingReason: ROUTING_REASONS.reassigned('מנהל בדיקה'),
    });
    // The entry names the admin as its author and both agents: the one it went to, and the one it left.
    expect(res.json().data.lead.timeline[0]).toMatchObject({
      kind: 'assignment',
      agent: { _id: b.id },
      createdBy: { _id: admin.id },
      note: `${ROUTING_REASONS.reassigned('מנהל בדיקה')} (מ${a.name}): עומס`,
    });
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'lead'), eq(auditLog.entityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changes.ownerId).toEqual({ before: a.id, after: b.id });
    expect((await call('GET', `/pipeline/leads/${id}`, a.cookie)).statusCode).toBe(403);
    const inactive = await createUser(app.db, { active: false });
    const refused = await call('POST', `/pipeline/leads/${id}/reassign`, admin.cookie, {
      ownerId: inactive.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.ownerId).toBe(PIPELINE_MESSAGES.ownerNotAgent);
  });
});

describe('moves and activities', () => {
  it('moves a lead, asks a reason for lost, and refuses a next touch in the past', async () => {
    const a = await agent();
    const id = (
      await call('POST', '/pipeline/leads', a.cookie, {
        name: 'תנועה',
        phone: '0502000004',
        category: 'קונה',
      })
    ).json().data.lead._id;
    const noReason = await call('PATCH', `/pipeline/leads/${id}`, a.cookie, { status: 'lost' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.lossReason).toBe(PIPELINE_MESSAGES.lossReasonRequired);
    const other = await call('PATCH', `/pipeline/leads/${id}`, a.cookie, {
      status: 'lost',
      lossReason: 'other',
    });
    expect(other.json().fieldErrors.lossText).toBe(PIPELINE_MESSAGES.lossTextRequired);
    const past = await call('PATCH', `/pipeline/leads/${id}`, a.cookie, { nextTouchAt: '2020-01-01T10:00' });
    expect(past.json().fieldErrors.nextTouchAt).toBe(PIPELINE_MESSAGES.nextTouchPast);
    const unknown = await call('PATCH', `/pipeline/leads/${id}`, a.cookie, { status: 'maybe' });
    expect(unknown.json().fieldErrors.status).toBe(PIPELINE_MESSAGES.statusUnknown);
    const [unchanged] = await app.db.select().from(leads).where(eq(leads.id, id));
    expect(unchanged).toMatchObject({ status: 'new', firstContactAt: null });

    const next = new Date(Date.now() + 86_400_000).toISOString();
    const moved = await call('PATCH', `/pipeline/leads/${id}`, a.cookie, {
      status: 'meeting',
      nextTouchAt: next,
    });
    expect(moved.statusCode).toBe(200);
    const lead = moved.json().data.lead;
    expect(lead).toMatchObject({ status: 'meeting', nextTouchAt: next, overdue: false });
    expect(lead.firstContactAt).not.toBeNull();
    expect(lead.timeline[0]).toMatchObject({ kind: 'status', fromStatus: 'new', toStatus: 'meeting' });
    const lost = await call('PATCH', `/pipeline/leads/${id}`, a.cookie, {
      status: 'lost',
      lossReason: 'budget',
    });
    expect(lost.json().data.lead).toMatchObject({ status: 'lost', lossReason: 'budget' });
    const back = await call('PATCH', `/pipeline/leads/${id}`, a.cookie, { status: 'contacted' });
    expect(back.json().data.lead).toMatchObject({ status: 'contacted', lossReason: null, lossText: null });
  });

  it('refuses bad amounts with Hebrew messages on the fields and writes nothing', async () => {
    const a = await agent();
    const id = (
      await call('POST', '/pipeline/leads', a.cookie, {
        name: 'סכומים',
        phone: '0502000005',
        category: 'קונה',
      })
    ).json().data.lead._id;
    const cases: [unknown, string, string][] = [
      [
        { kind: 'deal', noOrderReason: 'נחתם בנייר', commission: 1000 },
        'price',
        PIPELINE_MESSAGES.dealPriceRequired,
      ],
      [{ kind: 'priceOffer' }, 'amount', PIPELINE_MESSAGES.offerAmountRequired],
      [{ kind: 'priceOffer', amount: 1_000_000_001 }, 'amount', PIPELINE_MESSAGES.amountTooHigh],
      [{ kind: 'priceOffer', amount: -5 }, 'amount', PIPELINE_MESSAGES.amountNegative],
      [{ kind: 'dance' }, 'kind', PIPELINE_MESSAGES.kindUnknown],
      [{ kind: 'call', occurredAt: '2999-01-01T10:00' }, 'occurredAt', PIPELINE_MESSAGES.activityFuture],
      [
        {
          kind: 'deal',
          noOrderReason: 'נחתם בנייר',
          price: 100,
          commission: 10,
          secondAgentId: a.id,
          secondAgentCommission: 20,
        },
        'secondAgentCommission',
        PIPELINE_MESSAGES.splitOverCommission,
      ],
      [
        {
          kind: 'deal',
          noOrderReason: 'נחתם בנייר',
          price: 100,
          commission: 10,
          secondAgentId: a.id,
          secondAgentCommission: 5,
        },
        'secondAgentId',
        PIPELINE_MESSAGES.secondAgentSame,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', `/pipeline/leads/${id}/activities`, a.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    }
    expect(
      await app.db
        .select()
        .from(leadActivities)
        .where(and(eq(leadActivities.leadId, id), sql`kind <> 'assignment'`)),
    ).toEqual([]);
  });
});

type Sums = { meetings: number; buyer_tours: number; deals: number };

/** The month's figures summed straight from the daily rows: the independent count. */
async function rawMonth(agentId: string, year: number, month: number): Promise<Sums> {
  const result = await app.db.execute(sql`
    select coalesce(sum(meetings), 0)::int as meetings, coalesce(sum(buyer_tours), 0)::int as buyer_tours,
      coalesce(sum(deals), 0)::int as deals
    from indicators where agent_id = ${agentId}
      and extract(year from created_at at time zone 'Asia/Jerusalem') = ${year}
      and extract(month from created_at at time zone 'Asia/Jerusalem') = ${month}`);
  return result.rows[0] as Sums;
}

describe('indicators from activities', () => {
  it('counts a buyer tour and a deal in the day, scoreboard, performance and company row, and undoes them', async () => {
    const a = await agent({ name: 'סוכן מדדים' });
    const { year, month } = israelYearMonth();
    const id = (
      await call('POST', '/pipeline/leads', a.cookie, {
        name: 'מדדים',
        phone: '0502000006',
        category: 'קונה',
      })
    ).json().data.lead._id;
    const scoreOf = async () =>
      (await call('GET', `/indicators/scoreboard?year=${year}&month=${month}`, a.cookie))
        .json()
        .data.find((e: { agentId: string }) => e.agentId === a.id)?.totalScore ?? 0;
    const performanceOf = async () =>
      (await call('GET', `/goals/performance/${a.id}/${year}/${month}`, a.cookie)).json().data;
    const company = async () =>
      (await call('GET', `/goals/companyPerformance?year=${year}&month=${month}`, admin.cookie)).json().data;
    const companyBefore = await company();

    const call1 = await call('POST', `/pipeline/leads/${id}/activities`, a.cookie, { kind: 'call' });
    expect(call1.statusCode).toBe(201);
    expect(call1.json().data.activity).toMatchObject({
      kind: 'call',
      metric: null,
      points: 0,
      indicatorId: null,
    });
    const afterCall = (await call('GET', `/pipeline/leads/${id}`, a.cookie)).json().data.lead;
    expect(afterCall.status).toBe('contacted');
    expect(afterCall.firstContactAt).not.toBeNull();

    const tour = await call('POST', `/pipeline/leads/${id}/activities`, a.cookie, {
      kind: 'buyerTour',
      note: 'ראה את הדירה',
    });
    expect(tour.statusCode).toBe(201);
    const tourActivity = tour.json().data.activity;
    expect(tourActivity).toMatchObject({ kind: 'buyerTour', metric: 'buyerTours', points: 1 });
    expect(tourActivity.indicatorId).toBeTruthy();
    const deal = await call('POST', `/pipeline/leads/${id}/activities`, a.cookie, {
      kind: 'deal',
      noOrderReason: 'נחתם בנייר',
      price: 2_000_000,
      commission: 40_000,
    });
    expect(deal.statusCode).toBe(201);
    expect(deal.json().data.activity.shares).toEqual([
      { agent: { _id: a.id, name: 'סוכן מדדים' }, amount: 40_000 },
    ]);
    expect((await call('GET', `/pipeline/leads/${id}`, a.cookie)).json().data.lead.status).toBe('deal');

    const raw = await rawMonth(a.id, year, month);
    expect(raw).toEqual({ meetings: 0, buyer_tours: 1, deals: 1 });
    const [totals] = await app.db
      .select()
      .from(indicatorMonthTotals)
      .where(
        and(
          eq(indicatorMonthTotals.agentId, a.id),
          eq(indicatorMonthTotals.year, year),
          eq(indicatorMonthTotals.month, month),
        ),
      );
    expect(totals).toMatchObject({ buyerTours: raw.buyer_tours, deals: raw.deals });
    expect(await scoreOf()).toBe(raw.buyer_tours * 1 + raw.deals * 5);
    const performance = await performanceOf();
    expect(performance.buyerTours.actual).toBe(1);
    expect(performance.deals.actual).toBe(1);
    const companyAfter = await company();
    expect(companyAfter.buyerTours.actual).toBe(companyBefore.buyerTours.actual + 1);
    expect(companyAfter.deals.actual).toBe(companyBefore.deals.actual + 1);

    // The daily-status reads say which rows came from activities, and those rows are edited only through them.
    const days = (await call('GET', `/indicators/filterByDate?agent=${a.id}`, a.cookie)).json().data
      .indicators;
    const fromTour = days.find((d: { _id: string }) => d._id === tourActivity.indicatorId);
    expect(fromTour.activity).toEqual({ _id: tourActivity._id, leadId: id, kind: 'buyerTour' });
    const patchRow = await call('PATCH', `/indicators/${tourActivity.indicatorId}`, admin.cookie, {
      buyerTours: 3,
    });
    expect(patchRow.statusCode).toBe(409);
    expect(patchRow.json().message).toBe(PIPELINE_MESSAGES.indicatorFromActivity);
    expect((await call('DELETE', `/indicators/${tourActivity.indicatorId}`, admin.cookie)).statusCode).toBe(
      409,
    );

    // Moving the activity moves its row; deleting it removes the row and every figure follows.
    const earlier = new Date(Date.now() - 60_000).toISOString();
    const moved = await call('PATCH', `/pipeline/activities/${tourActivity._id}`, a.cookie, {
      occurredAt: earlier,
      note: 'תוקן',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.activity).toMatchObject({ occurredAt: earlier, note: 'תוקן' });
    const [row] = await app.db.select().from(indicators).where(eq(indicators.id, tourActivity.indicatorId));
    expect(row!.createdAt.toISOString()).toBe(earlier);
    const kindChange = await call('PATCH', `/pipeline/activities/${tourActivity._id}`, a.cookie, {
      kind: 'deal',
      noOrderReason: 'נחתם בנייר',
    });
    expect(kindChange.json().fieldErrors.kind).toBe(PIPELINE_MESSAGES.kindFixed);

    expect((await call('DELETE', `/pipeline/activities/${tourActivity._id}`, a.cookie)).statusCode).toBe(200);
    expect(
      (await call('DELETE', `/pipeline/activities/${deal.json().data.activity._id}`, a.cookie)).statusCode,
    ).toBe(200);
    expect(await rawMonth(a.id, year, month)).toEqual({ meetings: 0, buyer_tours: 0, deals: 0 });
    expect(await app.db.select().from(indicators).where(eq(indicators.id, tourActivity.indicatorId))).toEqual(
      [],
    );
    expect(await scoreOf()).toBe(0);
    const companyUndone = await company();
    expect(companyUndone.buyerTours.actual).toBe(companyBefore.buyerTours.actual);
    expect(companyUndone.deals.actual).toBe(companyBefore.deals.actual);
  });

  it('counts a deal logged by an admin for the named agent, with the commission split', async () => {
    const a = await agent({ name: 'סוכן ראשי' });
    const b = await agent({ name: 'סוכן שני' });
    const id = (
      await call('POST', '/pipeline/leads', a.cookie, { name: 'עסקה', phone: '0502000007', category: 'קונה' })
    ).json().data.lead._id;
    const res = await call('POST', `/pipeline/leads/${id}/activities`, admin.cookie, {
      kind: 'deal',
      noOrderReason: 'נחתם בנייר',
      price: 1_000_000,
      commission: 20_000,
      secondAgentId: b.id,
      secondAgentCommission: 5_000,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.activity).toMatchObject({
      agent: { _id: a.id },
      shares: [
        { agent: { _id: a.id }, amount: 15_000 },
        { agent: { _id: b.id }, amount: 5_000 },
      ],
    });
    const rows = await app.db
      .select()
      .from(indicators)
      .where(eq(indicators.activityId, res.json().data.activity._id));
    expect(rows.map((r) => [r.agentId, r.deals])).toEqual([[a.id, 1]]);
    // An agent corrects only its own activity.
    expect(
      (await call('DELETE', `/pipeline/activities/${res.json().data.activity._id}`, b.cookie)).statusCode,
    ).toBe(403);
  });
});

describe('views', () => {
  it('gives the board in status order, the agent day and a CSV export Excel reads', async () => {
    const a = await agent();
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    const create = async (name: string, phone: string) =>
      (await call('POST', '/pipeline/leads', a.cookie, { name, phone, category: 'קונה' })).json().data.lead
        ._id;
    const fresh = await create('=חדש', '0502000008');
    const later = await create('מגע היום', '0502000009');
    await call('PATCH', `/pipeline/leads/${later}`, a.cookie, { status: 'contacted', nextTouchAt: soon });
    const overdue = await create('באיחור', '0502000010');
    await app.db
      .update(leads)
      .set({ status: 'meeting', nextTouchAt: new Date(Date.now() - 60_000) })
      .where(eq(leads.id, overdue));

    const boardData = (await call('GET', '/pipeline/board', a.cookie)).json().data;
    expect(boardData.columns.map((c: { status: string }) => c.status)).toEqual([
      'new',
      'contacted',
      'meeting',
      'tour',
      'offer',
      'deal',
      'lost',
    ]);
    expect(boardData.columns[0]).toMatchObject({ total: 1, leads: [{ _id: fresh }] });
    expect(boardData.columns[2].leads[0]).toMatchObject({ _id: overdue, overdue: true });

    const day = (await call('GET', '/pipeline/my-day', a.cookie)).json().data;
    expect(day.newLeads.map((l: { _id: string }) => l._id)).toEqual([fresh]);
    expect(day.overdue.map((l: { _id: string }) => l._id)).toEqual([overdue]);
    const inIsraelToday =
      new Date(soon).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' }) ===
      new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
    expect(day.today.map((l: { _id: string }) => l._id)).toEqual(inIsraelToday ? [later] : []);

    const csv = await call('GET', '/pipeline/export', a.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="leads-/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records: string[][] = parse(csv.body, { bom: true });
    expect(records[0]!.slice(0, 5)).toEqual(['שם', 'טלפון', 'מקור', 'קטגוריה', 'סטטוס']);
    expect(records[0]).toContain('הודעה');
    expect(records).toHaveLength(4);
    const names = records.slice(1).map((r) => r[0]);
    expect(names).toEqual(expect.arrayContaining(["'=חדש", 'מגע היום', 'באיחור']));
    expect(records.find((r) => r[0] === 'באיחור')![4]).toBe('נקבעה פגישה');

    const tooLong = await call('GET', '/pipeline/export?from=2024-01-01&to=2025-12-31', a.cookie);
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json().fieldErrors.to).toBe(PIPELINE_MESSAGES.rangeTooLong(366));
    const fromOnly = await call('GET', '/pipeline/export?from=2020-01-01', a.cookie);
    expect(fromOnly.statusCode).toBe(400);
    expect(fromOnly.json().fieldErrors.from).toBe(PIPELINE_MESSAGES.rangeTooLong(366));
    expect((await call('GET', `/pipeline/export?ownerId=${admin.id}`, a.cookie)).statusCode).toBe(403);
  });
});

describe('settings, availability and performance', () => {
  it('keeps the settings, refuses bad ones with field messages, and sets availability by its rules', async () => {
    const a = await agent();
    const bad = await call('PUT', '/pipeline/settings', admin.cookie, {
      rules: ['roundRobin', 'roundRobin'],
      cityAgents: [],
      slaMinutes: 0,
      officeHours: { opens: '18:00', closes: '09:00' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['rules', 'slaMinutes']));
    const unknownAgent = await call('PUT', '/pipeline/settings', admin.cookie, {
      rules: ['roundRobin'],
      cityAgents: [{ city: 'עכו', agentId: '00000000-0000-4000-8000-000000000000' }],
      slaMinutes: 20,
      officeHours: { opens: '08:30', closes: '17:00' },
    });
    expect(unknownAgent.json().fieldErrors.cityAgents).toBeTruthy();
    const settings = {
      rules: ['propertyAgent', 'roundRobin'],
      cityAgents: [],
      slaMinutes: 20,
      officeHours: { opens: '08:30', closes: '17:00' },
    };
    const saved = await call('PUT', '/pipeline/settings', admin.cookie, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/pipeline/settings', admin.cookie)).json().data.settings).toEqual(settings);

    const leave = await call('PATCH', `/pipeline/agents/${a.id}`, a.cookie, {
      leaveFrom: '2027-06-01',
      leaveUntil: '2027-06-10',
    });
    expect(leave.statusCode).toBe(200);
    expect(leave.json().data.agent).toMatchObject({
      leaveFrom: '2027-06-01',
      leaveUntil: '2027-06-10',
      onLeave: false,
    });
    expect(
      (await call('PATCH', `/pipeline/agents/${a.id}`, a.cookie, { takesLeads: false })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/pipeline/agents/${admin.id}`, a.cookie, { leaveUntil: '2027-06-10' }))
        .statusCode,
    ).toBe(403);
    const order = await call('PATCH', `/pipeline/agents/${a.id}`, a.cookie, { leaveUntil: '2027-05-01' });
    expect(order.json().fieldErrors.leaveUntil).toBe(PIPELINE_MESSAGES.leaveOrder);
    const off = await call('PATCH', `/pipeline/agents/${a.id}`, admin.cookie, { takesLeads: false });
    expect(off.json().data.agent).toMatchObject({ takesLeads: false, inRoundRobin: false });
    const list = (await call('GET', '/pipeline/agents', admin.cookie)).json().data.agents;
    expect(list.find((x: { agent: { _id: string } }) => x.agent._id === a.id)).toMatchObject({
      takesLeads: false,
    });
    // A pure admin (no companyRole that does agent work) is not listed; an admin who is also an agent is.
    expect(list.map((x: { agent: { _id: string } }) => x.agent._id)).not.toContain(admin.id);
    const manager = await createUser(app.db, { role: 'admin', companyRole: COMPANY_ROLES.leadingConsultant });
    const withManager = (await call('GET', '/pipeline/agents', admin.cookie)).json().data.agents;
    expect(withManager.map((x: { agent: { _id: string } }) => x.agent._id)).toContain(manager.id);
  });

  it('measures time to first contact in office minutes per agent', async () => {
    const a = await agent({ name: 'סוכן ביצועים' });
    await app.db.update(users).set({ takesLeads: false });
    // Sunday 2026-03-01 in Israel: arrived 10:00, first contact 10:12 (within 20) and 11:00 (60 minutes).
    const at = (time: string) => new Date(`2026-03-01T${time}:00+02:00`);
    for (const [phone, minutes, status] of [
      ['0503000001', 12, 'contacted'],
      ['0503000002', 60, 'deal'],
      ['0503000003', null, 'new'],
    ] as const) {
      const id = (
        await call('POST', '/pipeline/leads', a.cookie, { name: 'ביצועים', phone, category: 'קונה' })
      ).json().data.lead._id;
      await app.db
        .update(leads)
        .set({
          createdAt: at('10:00'),
          status,
          firstContactAt: minutes === null ? null : new Date(at('10:00').getTime() + minutes * 60_000),
        })
        .where(eq(leads.id, id));
    }
    const res = await call('GET', '/pipeline/performance?year=2026&month=3', admin.cookie);
    expect(res.statusCode).toBe(200);
    const row = res.json().data.agents.find((x: { agent: { _id: string } }) => x.agent._id === a.id);
    expect(row).toMatchObject({
      received: 3,
      contacted: 2,
      medianMinutes: 12,
      p90Minutes: 60,
      withinSla: 1,
      deals: 1,
      byStatus: { new: 1, contacted: 1, deal: 1 },
    });
    expect(row.withinSlaShare).toBeCloseTo(1 / 3);
    expect(row.conversion).toBeCloseTo(1 / 3);
  });
});
