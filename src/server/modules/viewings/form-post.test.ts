import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentAvailability, propertyViewingSettings, viewings } from '../../db/schema';
import { createPagesApp } from '../../pages/test-pages';
import { createProperty, createUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';

// The property page's viewing form before JavaScript loads: the server renders the next free slots in a form
// that posts to the page, and the post books as the API does.

let app: TestApp;
let propertyId = '';

beforeAll(async () => {
  app = await createPagesApp({ rateLimits: { formsPerIp: { max: 100, windowMs: 60_000 } } });
  const agent = await createUser(app.db);
  await app.db.insert(agentAvailability).values(
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      agentId: agent.id,
      weekday,
      fromMinute: 480,
      toMinute: 1200,
    })),
  );
  propertyId = (await createProperty(app.db, { agentId: agent.id })).id;
  await app.db.insert(propertyViewingSettings).values({ propertyId, bookingMode: 'instant' });
});

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'));
const post = (fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `/PropertyView/${propertyId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: '10.9.3.1',
  });

describe('the viewing form without JavaScript', () => {
  it('the page lists the free slots in a form that posts; the post books the slot chosen', async () => {
    const page = await app.inject({ url: `/PropertyView/${propertyId}` });
    expect(page.statusCode).toBe(200);
    const root = rootOf(page.body);
    expect(root).toContain('קביעת ביקור בנכס');
    const slot = /name="slot" value="([^"]+)"/.exec(root)?.[1];
    expect(slot).toBeTruthy();
    expect(root).toContain('name="form" value="viewing"');

    const refused = await post({
      form: 'viewing',
      name: 'דנה',
      phone: '03-6123456',
      slot: slot!,
      website: '',
    });
    expect(refused.statusCode).toBe(400);
    expect(rootOf(refused.body)).toContain('יש להזין מספר טלפון נייד ישראלי');

    const res = await post({ form: 'viewing', name: 'דנה', phone: '050-765-4321', slot: slot!, website: '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(rootOf(res.body)).toContain('הביקור נקבע. נתראה בנכס!');
    const stored = await app.db
      .select()
      .from(viewings)
      .where(and(eq(viewings.propertyId, propertyId), eq(viewings.status, 'confirmed')));
    expect(stored.map((v) => v.startsAt.toISOString())).toEqual([slot]);

    const again = await post({
      form: 'viewing',
      name: 'רון',
      phone: '050-765-4322',
      slot: slot!,
      website: '',
    });
    expect(again.statusCode).toBe(409);
    expect(rootOf(again.body)).toContain('המועד הזה כבר נתפס');
  });
});
