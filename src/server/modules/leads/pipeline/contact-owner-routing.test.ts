import { normalizeIsraeliMobile } from '@shared/domain/phone';
import { ROUTING_REASONS } from '@shared/domain/routing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, leads, users } from '../../../db/schema';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The contactOwner rule routes a returning contact to the agent who handles it now: the owner of its latest
// OPEN lead. An agent whose lead with the contact closed (a deal, or lost) is no longer that agent.
let app: TestApp;
const plenty = { max: 100_000, windowMs: 60_000 };
beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: plenty } });
});

async function contactWithLead(phone: string, ownerId: string, status: 'new' | 'lost' | 'deal') {
  const [contact] = await app.db
    .insert(contacts)
    .values({ name: 'חוזרת', phone, phoneKey: normalizeIsraeliMobile(phone) })
    .returning();
  await app.db.insert(leads).values({
    contactId: contact!.id,
    name: 'חוזרת',
    phone,
    category: 'קונה',
    ownerId,
    status,
    source: 'manual',
  });
  return contact!.id;
}

const homeForm = (phone: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/email/send-mail',
    payload: { name: 'חוזרת', phone, category: 'קונה' },
  });

async function newestLeadOf(contactId: string) {
  const rows = await app.db.select().from(leads).where(eq(leads.contactId, contactId));
  return rows.find((l) => l.status === 'new' && l.source === 'homeForm')!;
}

describe('routing to the contact’s owner', () => {
  it('skips the owner of a closed lead, and routes to the owner of an open one', async () => {
    const earlier = await createUser(app.db, { name: 'סוכנת קודמת' });
    const rotation = await createUser(app.db, { name: 'סוכן בתורנות' });
    // Only the second agent takes leads in the rotation; the first is reached only through the contact rule.
    await app.db.update(users).set({ takesLeads: false });
    await app.db.update(users).set({ takesLeads: true }).where(eq(users.id, rotation.id));

    for (const [i, status] of (['lost', 'deal'] as const).entries()) {
      const contactId = await contactWithLead(`052777000${i}`, earlier.id, status);
      expect((await homeForm(`052777000${i}`)).statusCode).toBe(201);
      expect(await newestLeadOf(contactId), status).toMatchObject({
        ownerId: rotation.id,
        routingReason: ROUTING_REASONS.roundRobin,
      });
    }

    const open = await contactWithLead('0527770009', earlier.id, 'new');
    expect((await homeForm('0527770009')).statusCode).toBe(201);
    const routed = (await app.db.select().from(leads).where(eq(leads.contactId, open))).filter(
      (l) => l.source === 'homeForm',
    );
    expect(routed).toEqual([
      expect.objectContaining({ ownerId: earlier.id, routingReason: ROUTING_REASONS.contactOwner }),
    ]);
  });
});
