import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { indicators, leadActivities } from '../../../db/schema';
import { createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

// A deal's plausibility on both databases (issue 41): a price above zero, a commission no higher than the
// price, never dated before its lead arrived, and a second deal on one lead only when the caller confirms it.

let app: TestApp;
let agent: { id: string; cookie: string };

const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: { cookie: agent.cookie }, payload });

async function newLead(phone: string) {
  const res = await call('POST', '/pipeline/leads', { name: 'קונה עסקה', phone, category: 'קונה' });
  expect(res.statusCode).toBe(201);
  return res.json().data.lead._id as string;
}

/** A day before now (the lead arrives now): within how far back an activity may be dated. */
const dayBefore = () => new Date(Date.now() - 26 * 3_600_000).toISOString();

const dealsOf = async (leadId: string) =>
  app.db
    .select({ id: leadActivities.id })
    .from(leadActivities)
    .where(and(eq(leadActivities.leadId, leadId), eq(leadActivities.kind, 'deal')));

beforeAll(async () => {
  app = await createTestApp();
  const user = await createUser(app.db);
  agent = { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
});

describe('a deal that cannot be', () => {
  it('refuses a zero price, a commission above the price and a date before the lead, on their fields', async () => {
    const id = await newLead('0527001001');
    const cases: [object, string, string][] = [
      [{ price: 0, commission: 0 }, 'price', PIPELINE_MESSAGES.dealPriceZero],
      [{ price: 1, commission: 1_000_000_000 }, 'commission', PIPELINE_MESSAGES.commissionOverPrice],
      [{ price: 1_000_000, commission: 1_000_001 }, 'commission', PIPELINE_MESSAGES.commissionOverPrice],
      [
        { price: 1_000_000, commission: 20_000, occurredAt: dayBefore() },
        'occurredAt',
        PIPELINE_MESSAGES.dealBeforeLead,
      ],
      [
        { price: 1_000_000, commission: 20_000, occurredAt: '2000-06-01T10:00' },
        'occurredAt',
        PIPELINE_MESSAGES.activityTooFarBack,
      ],
    ];
    for (const [amounts, field, message] of cases) {
      const res = await call('POST', `/pipeline/leads/${id}/activities`, {
        kind: 'deal',
        noOrderReason: 'נחתם בנייר',
        ...amounts,
      });
      expect(res.statusCode, JSON.stringify(amounts)).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    }
    expect(await dealsOf(id)).toEqual([]);
  });

  it('takes a commission equal to the price and a price of 1 ₪ (the edges)', async () => {
    const edge = await call('POST', `/pipeline/leads/${await newLead('0527001002')}/activities`, {
      kind: 'deal',
      noOrderReason: 'נחתם בנייר',
      price: 1,
      commission: 1,
    });
    expect(edge.statusCode).toBe(201);
  });

  it('refuses the same rules when a deal is corrected', async () => {
    const id = await newLead('0527001003');
    const deal = await call('POST', `/pipeline/leads/${id}/activities`, {
      kind: 'deal',
      noOrderReason: 'נחתם בנייר',
      price: 900_000,
      commission: 18_000,
    });
    const activityId = deal.json().data.activity._id;
    const over = await call('PATCH', `/pipeline/activities/${activityId}`, { commission: 900_001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors.commission).toBe(PIPELINE_MESSAGES.commissionOverPrice);
    const early = await call('PATCH', `/pipeline/activities/${activityId}`, {
      occurredAt: '2001-01-01T10:00',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().fieldErrors.occurredAt).toBe(PIPELINE_MESSAGES.dealBeforeLead);
  });
});

describe('a second deal on one lead', () => {
  it('is refused with a question until the caller confirms it, and then counts once', async () => {
    const id = await newLead('0527001004');
    const deal = { kind: 'deal', noOrderReason: 'נחתם בנייר', price: 1_500_000, commission: 30_000 };
    expect((await call('POST', `/pipeline/leads/${id}/activities`, deal)).statusCode).toBe(201);
    const again = await call('POST', `/pipeline/leads/${id}/activities`, deal);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: PIPELINE_MESSAGES.secondDeal,
      fieldErrors: { confirmSecondDeal: PIPELINE_MESSAGES.secondDeal },
    });
    expect(await dealsOf(id)).toHaveLength(1);
    const rows = await app.db.select().from(indicators).where(eq(indicators.agentId, agent.id));
    const dealRows = rows.filter((r) => r.deals > 0).length;

    const confirmed = await call('POST', `/pipeline/leads/${id}/activities`, {
      ...deal,
      confirmSecondDeal: true,
    });
    expect(confirmed.statusCode).toBe(201);
    expect(await dealsOf(id)).toHaveLength(2);
    const after = await app.db.select().from(indicators).where(eq(indicators.agentId, agent.id));
    expect(after.filter((r) => r.deals > 0).length).toBe(dealRows + 1);
  });

  it('does not ask on another lead of the same agent', async () => {
    const first = await newLead('0527001005');
    const second = await newLead('0527001006');
    const deal = { kind: 'deal', noOrderReason: 'נחתם בנייר', price: 700_000, commission: 14_000 };
    expect((await call('POST', `/pipeline/leads/${first}/activities`, deal)).statusCode).toBe(201);
    expect((await call('POST', `/pipeline/leads/${second}/activities`, deal)).statusCode).toBe(201);
  });
});
