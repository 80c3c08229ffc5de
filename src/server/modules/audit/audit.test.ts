import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { multipart } from '../properties/test-helpers';

let app: TestApp;
let adminCookie: string;
let agentCookie: string;
let adminA: Awaited<ReturnType<typeof createUser>>;
let adminB: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  app = await createTestApp();
  adminA = await createUser(app.db, { role: 'admin', name: 'מנהל א' });
  adminB = await createUser(app.db, { role: 'admin', name: 'מנהל ב' });
  const agent = await createUser(app.db);
  adminCookie = await signIn(app, adminA.email, TEST_PASSWORD);
  agentCookie = await signIn(app, agent.email, TEST_PASSWORD);
  const base = Date.now() - 60_000;
  await app.db.insert(auditLog).values([
    {
      actorId: adminA.id,
      actorName: adminA.name,
      entity: 'user',
      entityId: agent.id,
      action: 'update',
      changes: { name: { before: 'a', after: 'b' } },
      createdAt: new Date(base),
    },
    {
      actorId: adminB.id,
      actorName: adminB.name,
      entity: 'settings',
      entityId: null,
      action: 'update',
      changes: { phone: { before: '1', after: '2' } },
      createdAt: new Date(base + 1000),
    },
    {
      actorId: adminA.id,
      actorName: adminA.name,
      entity: 'property',
      entityId: 'p1',
      action: 'create',
      changes: {},
      createdAt: new Date(base + 2000),
    },
  ]);
});

const list = (query = '', cookie: string | null = adminCookie) =>
  app.inject({ url: `/api/v1/audit${query}`, headers: cookie ? { cookie } : {} });

describe('GET /api/v1/audit', () => {
  it('answers 401 and 403 for visitors and agents', async () => {
    expect((await list('', null)).statusCode).toBe(401);
    expect((await list('', agentCookie)).statusCode).toBe(403);
  });

  it('lists newest first with the total', async () => {
    const body = (await list()).json().data;
    expect(body.total).toBe(3);
    expect(body.data.map((e: { entity: string }) => e.entity)).toEqual(['property', 'settings', 'user']);
    expect(body.data[1]).toMatchObject({
      actorName: 'מנהל ב',
      changes: { phone: { before: '1', after: '2' } },
    });
  });

  it('filters by actor and by entity, and pages', async () => {
    const byActor = (await list(`?actorId=${adminA.id}`)).json().data;
    expect(byActor.data.map((e: { entity: string }) => e.entity)).toEqual(['property', 'user']);
    const byEntity = (await list('?entity=settings')).json().data;
    expect(byEntity.total).toBe(1);
    const paged = (await list('?page=2&pageSize=2')).json().data;
    expect(paged).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(paged.data).toHaveLength(1);
  });

  it('refuses bad filters with 400', async () => {
    expect((await list('?entity=password')).statusCode).toBe(400);
    expect((await list('?actorId=nope')).statusCode).toBe(400);
    expect((await list('?page=0')).statusCode).toBe(400);
  });

  it('shows the entries written by real admin changes', async () => {
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      payload: { city: 'חיפה' },
      headers: { cookie: adminCookie },
    });
    const top = (await list('?entity=settings')).json().data.data[0];
    expect(top).toMatchObject({ actorId: adminA.id, action: 'update', changes: { city: { after: 'חיפה' } } });
  });

  it('names what each entry is about and the users its changes mention, for goals and daily statuses', async () => {
    const agent = await createUser(app.db, { name: 'סוכנת ביומן' });
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: { cookie: adminCookie } });
    expect((await post('/goals', { agent: [agent.id], year: 2026, month: 3, meetings: 5 })).statusCode).toBe(
      201,
    );
    const created = await post('/indicators', { agent: [agent.id], createdAt: '2026-03-04', deals: 1 });
    expect(created.statusCode).toBe(201);
    const goal = (await list('?entity=goal')).json().data;
    expect(goal.data[0]).toMatchObject({ subject: 'סוכנת ביומן · 3/2026' });
    expect(goal.names[agent.id]).toBe('סוכנת ביומן');
    const status = (await list('?entity=indicator')).json().data;
    expect(status.data[0]).toMatchObject({ subject: 'סוכנת ביומן · 4.3.2026' });
    expect(status.data[0].changes.agentId.after).toBe(agent.id);
    expect(status.names[agent.id]).toBe('סוכנת ביומן');
    // The subject outlives the row: a deleted status is still named from what the entry recorded.
    const id = created.json().data.indicator._id;
    await app.inject({ method: 'DELETE', url: `/api/v1/indicators/${id}`, headers: { cookie: adminCookie } });
    const afterDelete = (await list('?entity=indicator')).json().data.data;
    expect(afterDelete.map((e: { subject: string }) => e.subject)).toEqual([
      'סוכנת ביומן · 4.3.2026',
      'סוכנת ביומן · 4.3.2026',
    ]);
    const users = (await list('?entity=user')).json().data.data;
    expect(users.at(-1).subject).toMatch(/.+/);
  });

  it('a property’s entries: only the fields that changed, named by its address, even once it is deleted', async () => {
    const form = await multipart([
      ['typeTransaction', 'מכירה'],
      ['city', 'עכו'],
      ['address', 'החומה 3'],
      ['price', '1250000'],
      ['category', 'דירה'],
      ['description', ''],
    ]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/property',
      payload: form.payload,
      headers: { ...form.headers, cookie: adminCookie },
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().data.data._id;
    const entries = async () =>
      ((await list('?entity=property&pageSize=200')).json().data.data as { entityId: string }[]).filter(
        (e) => e.entityId === id,
      ) as unknown as { action: string; subject: string; changes: Record<string, unknown> }[];

    const [create] = await entries();
    expect(create).toMatchObject({ action: 'create', subject: 'החומה 3, עכו' });
    // The id is the entry's own; fields left empty (description, yad2, features, photos) are no change.
    expect(Object.keys(create!.changes)).not.toContain('id');
    for (const empty of ['description', 'yad2', 'features', 'externalImages', 'legacyId', 'images'])
      expect(Object.keys(create!.changes)).not.toContain(empty);
    expect(create!.changes.price).toEqual({ before: null, after: 1_250_000 });

    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${id}`,
      payload: { price: 1_190_000, city: 'עכו', description: '' },
      headers: { cookie: adminCookie },
    });
    expect(patched.statusCode).toBe(200);
    const [update] = await entries();
    expect(update!.changes).toEqual({ price: { before: 1_250_000, after: 1_190_000 } });

    // An entry that recorded no address (a photo change) names the property after it is deleted, from its
    // other entries, and so does a change elsewhere that mentions the property by id.
    await app.db.insert(auditLog).values([
      {
        actorId: adminA.id,
        actorName: adminA.name,
        entity: 'property',
        entityId: id,
        action: 'update',
        changes: { images: { before: [], after: ['img-1'] } },
      },
      {
        actorId: adminA.id,
        actorName: adminA.name,
        entity: 'lead',
        entityId: null,
        action: 'update',
        changes: { propertyId: { before: null, after: id } },
      },
    ]);
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/v1/property/${id}`,
      headers: { cookie: adminCookie },
    });
    expect(gone.statusCode).toBe(200);
    const after = await entries();
    expect(after.map((e) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
    expect(after.map((e) => e.subject)).toEqual(Array(4).fill('החומה 3, עכו'));
    const leads = (await list('?entity=lead')).json().data;
    expect(leads.names[id]).toBe('החומה 3, עכו');
  });
});
