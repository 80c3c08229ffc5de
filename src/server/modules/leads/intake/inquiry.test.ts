import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leads, mailOutbox } from '../../../db/schema';
import { createProperty, createUser, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app';

let app: TestApp;
const good = { name: 'דנה לוי', phone: '052-765-4321', message: 'אשמח לתאם ביקור' };

const send = (propertyId: string, payload: unknown, ip = '10.1.0.1') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/property/${propertyId}/inquiry`,
    payload: payload as object,
    remoteAddress: ip,
  });
const counts = async () => ({
  leads: (await app.db.select().from(leads)).length,
  mail: (await app.db.select().from(mailOutbox)).length,
});
const leadOf = async (name: string) => (await app.db.select().from(leads).where(eq(leads.name, name)))[0]!;
const mailOf = async (refId: string) =>
  (await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, refId)))[0]!;

beforeAll(async () => {
  app = await createTestApp({
    env: { APP_ORIGIN: 'https://agency.example' },
    rateLimits: { formsPerIp: { max: 3, windowMs: 60_000 } },
  });
});

describe('POST /api/v1/property/{id}/inquiry', () => {
  it('stores the inquiry with its property and agent and mails the agent, copying the office', async () => {
    const agent = await createUser(app.db, { name: 'רונית הסוכנת', email: 'ronit@example.com' });
    const property = await createProperty(app.db, { agentId: agent.id, address: 'הגפן 7', city: 'חיפה' });
    const res = await send(property.id, { ...good, name: 'פונה ראשון' }, '10.1.1.1');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'success' });
    const lead = await leadOf('פונה ראשון');
    expect(lead).toMatchObject({
      phone: good.phone,
      message: good.message,
      propertyId: property.id,
      ownerId: agent.id,
      source: 'propertyInquiry',
      routingReason: 'הסוכן של הנכס',
      category: 'קונה',
      ip: '10.1.1.1',
    });
    const mail = await mailOf(lead.id);
    expect(mail).toMatchObject({ kind: 'inquiry', to: 'ronit@example.com', cc: 'office@example.com' });
    expect(mail.status).toBe('pending');
    expect(mail.subject).toContain('הגפן 7');
    expect(mail.text).toContain(good.phone);
    expect(mail.text).toContain(good.message);
    expect(mail.text).toContain(`https://agency.example/PropertyView/${property.id}`);
  });

  it('with no agent, routes it by the next rules and mails only the office', async () => {
    const property = await createProperty(app.db, { typeTransaction: 'השכרה' });
    expect((await send(property.id, { ...good, name: 'בלי סוכן', message: '' }, '10.1.2.1')).statusCode).toBe(
      201,
    );
    const lead = await leadOf('בלי סוכן');
    expect(lead).toMatchObject({ propertyId: property.id, category: 'השכרה', message: '' });
    expect(lead.routingReason).not.toBe('הסוכן של הנכס');
    expect(await mailOf(lead.id)).toMatchObject({ to: 'office@example.com', cc: null });
  });

  it('with two active agents, gives it to the main agent and mails only the main agent', async () => {
    const main = await createUser(app.db, { email: 'main-of-two@example.com' });
    const second = await createUser(app.db, { email: 'second-of-two@example.com' });
    const property = await createProperty(app.db, { agentId: main.id, agentSecendId: second.id });
    expect((await send(property.id, { ...good, name: 'לסוכן הראשי' }, '10.1.2.3')).statusCode).toBe(201);
    const lead = await leadOf('לסוכן הראשי');
    expect(lead).toMatchObject({ ownerId: main.id, routingReason: 'הסוכן של הנכס' });
    expect(await mailOf(lead.id)).toMatchObject({ to: 'main-of-two@example.com', cc: 'office@example.com' });
  });

  it('skips an inactive main agent for the active second agent', async () => {
    const gone = await createUser(app.db, { active: false });
    const second = await createUser(app.db, { email: 'second@example.com' });
    const property = await createProperty(app.db, { agentId: gone.id, agentSecendId: second.id });
    await send(property.id, { ...good, name: 'לסוכן השני' }, '10.1.2.2');
    const lead = await leadOf('לסוכן השני');
    expect(lead.ownerId).toBe(second.id);
    expect(lead.routingReason).toContain('הסוכן השני של הנכס');
    expect(await mailOf(lead.id)).toMatchObject({ to: 'second@example.com', cc: 'office@example.com' });
  });

  it('answers 404 for an unknown or sold property and stores nothing', async () => {
    const sold = await createProperty(app.db, { sold: true });
    const before = await counts();
    const unknown = await send('00000000-0000-4000-8000-000000000000', good, '10.1.3.1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/[א-ת]/);
    expect((await send(sold.id, good, '10.1.3.2')).statusCode).toBe(404);
    expect((await send('not-an-id', good, '10.1.3.3')).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  const bad: [string, unknown, RegExp][] = [
    ['no name', { ...good, name: ' ' }, /יש להזין שם/],
    ['no phone', { name: 'א' }, /טלפון/],
    ['a landline', { ...good, phone: '04-8123456' }, /אינו תקין/],
    ['a message too long', { ...good, message: 'א'.repeat(1001) }, /1000 תווים/],
    ['a number message', { ...good, message: 5 }, /טקסט/],
    ['an array body', [good], /./],
  ];
  it.each(bad)('%s: 400 with a Hebrew message, nothing stored', async (label, payload, message) => {
    const property = await createProperty(app.db);
    const before = await counts();
    const res = await send(property.id, payload, `10.1.4.${bad.findIndex((c) => c[0] === label)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'fail', code: 'VALIDATION' });
    expect(res.json().message).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it('drops a honeypot submission silently', async () => {
    const property = await createProperty(app.db);
    const before = await counts();
    const res = await send(property.id, { ...good, website: 'http://spam' }, '10.1.5.1');
    expect(res.statusCode).toBe(201);
    expect(await counts()).toEqual(before);
  });

  it('refuses a fourth inquiry from one address with 429', async () => {
    const property = await createProperty(app.db);
    for (let i = 0; i < 3; i++) expect((await send(property.id, good, '10.1.6.1')).statusCode).toBe(201);
    const before = await counts();
    const res = await send(property.id, good, '10.1.6.1');
    expect(res.statusCode).toBe(429);
    expect(await counts()).toEqual(before);
  });
});

describe('reading inquiries', () => {
  it('lets only an admin or the property agent read one; agents list only their own', async () => {
    const owner = await createUser(app.db);
    const other = await createUser(app.db);
    const admin = await createUser(app.db, { role: 'admin' });
    const property = await createProperty(app.db, { agentId: owner.id, address: 'האלון 3' });
    await send(property.id, { ...good, name: 'פנייה פרטית' }, '10.1.7.1');
    const lead = await leadOf('פנייה פרטית');
    const url = `/api/v1/inquiries/${lead.id}`;
    const as = async (email?: string) =>
      app.inject({ url, headers: email ? { cookie: await signIn(app, email, TEST_PASSWORD) } : {} });

    expect((await as()).statusCode).toBe(401);
    expect((await as(other.email)).statusCode).toBe(403);
    const mine = await as(owner.email);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.inquiry).toMatchObject({
      name: 'פנייה פרטית',
      message: good.message,
      property: { _id: property.id, address: 'האלון 3', city: 'חיפה', price: 1_500_000 },
      agent: { _id: owner.id },
      mail: null,
    });
    const byAdmin = await as(admin.email);
    expect(byAdmin.json().data.inquiry.mail).toMatchObject({ status: 'pending', attempts: 0 });

    const otherCookie = await signIn(app, other.email, TEST_PASSWORD);
    const otherList = await app.inject({ url: '/api/v1/inquiries', headers: { cookie: otherCookie } });
    expect(otherList.json().data.inquiries.map((i: { _id: string }) => i._id)).not.toContain(lead.id);
    const ownerCookie = await signIn(app, owner.email, TEST_PASSWORD);
    const ownList = await app.inject({ url: '/api/v1/inquiries', headers: { cookie: ownerCookie } });
    expect(ownList.json().data.inquiries.map((i: { _id: string }) => i._id)).toEqual([lead.id]);
    // An agent cannot widen the list with another agent's filter.
    const widened = await app.inject({
      url: `/api/v1/inquiries?agentId=${owner.id}`,
      headers: { cookie: otherCookie },
    });
    expect(widened.json().data.inquiries).toEqual([]);
  });

  it('lets an admin filter by agent and by property, and keeps inquiries out of the lead-form list', async () => {
    const a = await createUser(app.db, { name: 'סוכן א' });
    const b = await createUser(app.db, { name: 'סוכן ב' });
    const pa = await createProperty(app.db, { agentId: a.id, address: 'רחוב א 1' });
    const pb = await createProperty(app.db, { agentId: b.id, address: 'רחוב ב 2' });
    await send(pa.id, { ...good, name: 'על נכס א' }, '10.1.8.1');
    await send(pb.id, { ...good, name: 'על נכס ב' }, '10.1.8.2');
    const admin = await createUser(app.db, { role: 'admin' });
    const cookie = await signIn(app, admin.email, TEST_PASSWORD);
    const list = async (query: string) =>
      (await app.inject({ url: `/api/v1/inquiries${query}`, headers: { cookie } })).json().data;

    const all = await list('');
    expect(all.inquiries.map((i: { name: string }) => i.name)).toEqual(
      expect.arrayContaining(['על נכס א', 'על נכס ב']),
    );
    expect(all.filters.agents).toEqual(expect.arrayContaining([{ _id: a.id, name: 'סוכן א' }]));
    expect(all.filters.properties).toEqual(
      expect.arrayContaining([{ _id: pb.id, address: 'רחוב ב 2', city: 'חיפה' }]),
    );
    expect((await list(`?agentId=${a.id}`)).inquiries.map((i: { name: string }) => i.name)).toEqual([
      'על נכס א',
    ]);
    expect((await list(`?propertyId=${pb.id}`)).inquiries.map((i: { name: string }) => i.name)).toEqual([
      'על נכס ב',
    ]);
    const badFilter = await app.inject({ url: '/api/v1/inquiries?agentId=x', headers: { cookie } });
    expect(badFilter.statusCode).toBe(400);

    const inbox = await app.inject({ url: '/api/v1/leads', headers: { cookie } });
    expect(inbox.json().data.leads.map((l: { name: string }) => l.name)).not.toContain('על נכס א');
  });
});
