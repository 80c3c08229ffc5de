import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, contacts, leads } from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// The audit log of the pipeline in words (on both databases): a lead's entry names its lead (contact and
// property), and the owners and branches its changes mention read as names, not ids.

let app: TestApp;
let cookie = '';
const ids = { lead: '', owner: '', next: '', branch: '' };

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin', name: 'מנהלת היומן' });
  cookie = await sessionCookieFor(app.db, admin.id);
  const owner = await createUser(app.db, { name: 'נועה ביטון' });
  const next = await createUser(app.db, { name: 'עומר פרץ' });
  ids.owner = owner.id;
  ids.next = next.id;
  const property = await createProperty(app.db, { agentId: owner.id, address: 'הרצל 7', city: 'חיפה' });
  const [contact] = await app.db
    .insert(contacts)
    .values({ name: 'דנה כהן', phone: '0529990001' })
    .returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'דנה כהן',
      phone: '0529990001',
      category: 'קונה',
      ownerId: owner.id,
      propertyId: property.id,
    })
    .returning();
  ids.lead = lead!.id;
  const [branch] = await app.db
    .insert(branches)
    .values({ name: 'סניף היומן', slug: 'audit-branch', city: 'עכו' })
    .returning();
  ids.branch = branch!.id;
  const moved = await app.inject({
    method: 'POST',
    url: `/api/v1/pipeline/leads/${ids.lead}/reassign`,
    headers: { cookie },
    payload: { ownerId: next.id },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  await app.db.insert(auditLog).values({
    actorId: admin.id,
    actorName: admin.name,
    entity: 'lead',
    entityId: ids.lead,
    action: 'update',
    changes: {
      referral: { before: null, after: { toBranchId: branch!.id, feePercent: 25, status: 'pending' } },
    },
  });
});

describe('the audit log of a lead', () => {
  it('names the lead, and the people and branches its changes mention', async () => {
    const res = await app.inject({ url: '/api/v1/audit?entity=lead', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { data, names } = res.json().data as {
      data: { subject: string | null; changes: Record<string, unknown> }[];
      names: Record<string, string>;
    };
    expect(data).toHaveLength(2);
    for (const entry of data) expect(entry.subject).toBe('דנה כהן · הרצל 7, חיפה');
    expect(names[ids.owner]).toBe('נועה ביטון');
    expect(names[ids.next]).toBe('עומר פרץ');
    expect(names[ids.branch]).toBe('סניף היומן');
  });
});
