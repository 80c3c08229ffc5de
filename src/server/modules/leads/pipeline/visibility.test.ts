import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The leads' visibility rule (./visibility.ts, docs/decisions/0030) on both databases: two agents with a lead
// each of one contact; every read of the second agent holds none of the first one's message, notes or amounts,
// only that the lead exists, whose it is and its status. Admins read everything.

let app: TestApp;
const plenty = { max: 100_000, windowMs: 60_000 };

type Person = { id: string; name: string; cookie: string };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

async function person(role: 'agent' | 'admin', name: string): Promise<Person> {
  const user = await createUser(app.db, { role, name });
  return { id: user.id, name: user.name, cookie: await sessionCookieFor(app.db, user.id) };
}

/** What the first agent wrote and earned, none of which the second may read. */
const SECRETS = {
  message: 'סוד-הודעה: מחפש דירה עד מיליון',
  note: 'סוד-הערה: הלקוח מוכן לשלם יותר',
  inquiry: 'סוד-פנייה: רק קומה גבוהה',
  price: 1_234_567,
  commission: 76_543,
};
const leaks = (body: string) =>
  [SECRETS.message, SECRETS.note, SECRETS.inquiry, String(SECRETS.price), String(SECRETS.commission)].filter(
    (secret) => body.includes(secret),
  );

let first: Person;
let second: Person;
let admin: Person;
let firstLeadId: string;
let secondLeadId: string;
let inquiryLeadId: string;
let noteId: string;
const phone = '054-771-2290';

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: plenty } });
  first = await person('agent', 'נועה ביטון');
  second = await person('agent', 'עומר שלו');
  admin = await person('admin', 'מנהלת המשרד');

  const created = await call('POST', '/pipeline/leads', first.cookie, {
    name: 'דוד כהן',
    phone,
    category: 'קונה',
    message: SECRETS.message,
  });
  expect(created.statusCode).toBe(201);
  firstLeadId = created.json().data.lead._id;
  const note = await call('POST', `/pipeline/leads/${firstLeadId}/activities`, first.cookie, {
    kind: 'call',
    note: SECRETS.note,
  });
  expect(note.statusCode).toBe(201);
  noteId = note.json().data.activity._id;
  const deal = await call('POST', `/pipeline/leads/${firstLeadId}/activities`, first.cookie, {
    kind: 'deal',
    noOrderReason: 'נחתם בנייר',
    price: SECRETS.price,
    commission: SECRETS.commission,
  });
  expect(deal.statusCode).toBe(201);

  // An inquiry from the first agent's property's page: routed to the first agent.
  const property = await createProperty(app.db, { agentId: first.id, address: 'האלון 9' });
  const inquiry = await call('POST', `/property/${property.id}/inquiry`, undefined, {
    name: 'דוד כהן',
    phone,
    message: SECRETS.inquiry,
  });
  expect(inquiry.statusCode).toBe(201);

  const mine = await call('POST', '/pipeline/leads', second.cookie, {
    name: 'דוד כהן',
    phone,
    category: 'קונה',
  });
  expect(mine.statusCode).toBe(201);
  secondLeadId = mine.json().data.lead._id;
  const contactLeads = await call('GET', `/pipeline/leads/${firstLeadId}`, admin.cookie);
  inquiryLeadId = contactLeads
    .json()
    .data.lead.contactLeads.find((l: { source: string }) => l.source === 'propertyInquiry')._id;
});

describe("a contact shared by two agents' leads", () => {
  it("shows the second agent its own lead in full and of the first one's only the owner and the status", async () => {
    const res = await call('GET', `/pipeline/leads/${secondLeadId}`, second.cookie);
    expect(res.statusCode).toBe(200);
    const lead = res.json().data.lead;
    expect(lead.contactLeads.map((l: { _id: string }) => l._id)).toEqual([secondLeadId]);
    expect(lead.othersLeads).toHaveLength(2);
    expect(lead.othersLeads).toContainEqual({ status: 'deal', owner: { _id: first.id, name: first.name } });
    expect(lead.timeline.every((a: { leadId: string }) => a.leadId === secondLeadId)).toBe(true);
    expect(leaks(res.body)).toEqual([]);
  });

  it('keeps the first agent’s message, notes and amounts out of every read of the second agent', async () => {
    const digits = phone.replace(/\D/g, '');
    const reads = [
      `/pipeline/leads/${secondLeadId}`,
      `/pipeline/leads?q=${digits}`,
      `/pipeline/leads?q=${encodeURIComponent('דוד')}`,
      '/pipeline/board',
      '/pipeline/my-day',
      `/pipeline/export?q=${digits}`,
      `/pipeline/leads/${secondLeadId}/matching-properties`,
      '/inquiries?limit=100',
    ];
    for (const url of reads) {
      const res = await call('GET', url, second.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(leaks(res.body), url).toEqual([]);
    }
    const search = await call('GET', `/pipeline/leads?q=${digits}`, second.cookie);
    expect(search.json().data.leads.map((l: { _id: string }) => l._id)).toEqual([secondLeadId]);
  });

  it("refuses the second agent the first one's lead, inquiry and notes by their ids", async () => {
    const refused = [
      await call('GET', `/pipeline/leads/${firstLeadId}`, second.cookie),
      await call('GET', `/pipeline/leads/${firstLeadId}/matching-properties`, second.cookie),
      await call('GET', `/inquiries/${inquiryLeadId}`, second.cookie),
      await call('GET', `/pipeline/leads?ownerId=${first.id}`, second.cookie),
      await call('GET', `/pipeline/my-day?ownerId=${first.id}`, second.cookie),
      await call('PATCH', `/pipeline/activities/${noteId}`, second.cookie, { note: 'שלי' }),
      await call('POST', `/pipeline/leads/${firstLeadId}/activities`, second.cookie, { kind: 'call' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(leaks(res.body)).toEqual([]);
    }
  });

  it("shows an admin every lead of the contact with everyone's timeline", async () => {
    const res = await call('GET', `/pipeline/leads/${secondLeadId}`, admin.cookie);
    const lead = res.json().data.lead;
    expect(lead.contactLeads).toHaveLength(3);
    expect(lead.othersLeads).toEqual([]);
    expect(res.body).toContain(SECRETS.note);
    expect(res.body).toContain(SECRETS.message);
    expect(
      lead.timeline.some((a: { commission: number | null }) => a.commission === SECRETS.commission),
    ).toBe(true);
    const all = await call('GET', `/pipeline/leads?q=${phone.replace(/\D/g, '')}`, admin.cookie);
    expect(all.json().data.total).toBe(3);
  });

  it('shows the first agent its own two leads in full and the second agent’s as existing only', async () => {
    const res = await call('GET', `/pipeline/leads/${firstLeadId}`, first.cookie);
    const lead = res.json().data.lead;
    expect(lead.contactLeads).toHaveLength(2);
    expect(lead.othersLeads).toEqual([{ status: 'new', owner: { _id: second.id, name: second.name } }]);
    expect(res.body).toContain(SECRETS.note);
  });
});
