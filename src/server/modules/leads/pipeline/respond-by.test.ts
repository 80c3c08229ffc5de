import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, leads } from '../../../db/schema';
import { createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The lead page's response deadline ("להתקשר עד 10:15"), on both databases: the branch's response target counted
// in its office hours from the lead's arrival, over a weekend too; gone once the lead is contacted.

let app: TestApp;
let cookie = '';
let ownerId = '';

async function leadAt(createdAt: Date, phone: string) {
  const [contact] = await app.db.insert(contacts).values({ name: 'ממתינה', phone }).returning();
  const [row] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'ממתינה',
      phone,
      category: 'קונה',
      ownerId,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!.id;
}

const respondBy = async (id: string) => {
  const res = await app.inject({ url: `/api/v1/pipeline/leads/${id}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.lead.respondBy as string | null;
};

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin' });
  cookie = await sessionCookieFor(app.db, admin.id);
  ownerId = (await createUser(app.db)).id;
});

describe('the response deadline of a lead', () => {
  it('is the arrival plus the target in office minutes, and gone after the first contact', async () => {
    // Monday 2 March 2026, 10:00 in Israel (+02:00); the network's target is 15 office minutes.
    const id = await leadAt(new Date('2026-03-02T10:00:00+02:00'), '0528880001');
    expect(await respondBy(id)).toBe(new Date('2026-03-02T10:15:00+02:00').toISOString());
    await app.db
      .update(leads)
      .set({ firstContactAt: new Date('2026-03-02T10:05:00+02:00'), status: 'contacted' })
      .where(eq(leads.id, id));
    expect(await respondBy(id)).toBeNull();
  });

  it('runs over the weekend in office time: a lead of Thursday 15:55 is answered by Sunday morning', async () => {
    const id = await leadAt(new Date('2026-03-05T15:55:00+02:00'), '0528880002');
    const at = await respondBy(id);
    expect(at).not.toBeNull();
    // Five minutes of Thursday, the other ten after Sunday's opening.
    const opening = await app.inject({ url: '/api/v1/pipeline/settings', headers: { cookie } });
    const { opens, closes } = opening.json().data.settings.officeHours as { opens: string; closes: string };
    expect(closes).toBe('16:00');
    const [h, m] = opens.split(':').map(Number);
    const sunday = new Date(
      `2026-03-08T${String(h).padStart(2, '0')}:${String(m! + 10).padStart(2, '0')}:00+02:00`,
    );
    expect(at).toBe(sunday.toISOString());
  });
});
