import { createHash } from 'node:crypto';
// Sends the generated requests of `fuzzFamilies` the way a client on the wire would: ':name' path segments
// and '$name' values filled in from a few real rows, lists as repeated multipart fields, files as uploads.
// Shared by the fuzz tests and `npm run bench:faults`.

import { israelDate } from '@shared/domain/israel-time';
import { ALERTS_CONSENT_TEXT, savedSearchFiltersSchema } from '@shared/schemas/alerts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import {
  alertSubscribers,
  branches,
  brokerageOrderLinks,
  brokerageOrders,
  contacts,
  goals,
  indicators,
  leadActivities,
  leadReferrals,
  leads,
  savedSearches,
} from '../../db/schema';
import { issueToken } from '../../modules/alerts';
import { createProperty, createUser, TEST_PASSWORD } from '../factories';
import type { FuzzRoute, Role } from './index';
import { encodeComponent, type FileMarker } from './values';

export type FuzzClient = {
  /** Sends one generated case of a route, as the route's role or as the role given. */
  send(route: FuzzRoute, generated: unknown, as?: Role): Promise<LightMyRequestResponse>;
  /** The generated value with its '$name' placeholders replaced, as it was sent. */
  fill(value: unknown): unknown;
};

const isFile = (value: unknown): value is FileMarker =>
  !!value && typeof value === 'object' && 'file' in value && Object.keys(value).length === 1;

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, password: TEST_PASSWORD },
  });
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return `sid=${sid.value}`;
}

/**
 * A subscriber with one saved search, and its private token: confirmed with an address, or one who gave a
 * mobile phone only (`email` null, never confirmed).
 */
async function alertFixture(app: FastifyInstance, email: string | null, phone = '') {
  const [subscriber] = await app.db
    .insert(alertSubscribers)
    .values({
      name: 'קונה',
      email,
      phone,
      consentText: ALERTS_CONSENT_TEXT,
      consentAt: new Date(),
      confirmedAt: email ? new Date() : null,
    })
    .returning();
  const [search] = await app.db
    .insert(savedSearches)
    .values({
      subscriberId: subscriber!.id,
      filters: savedSearchFiltersSchema.parse({ type: 'sale', city: 'חיפה' }),
      confirmedAt: new Date(),
    })
    .returning();
  return { token: await issueToken(app.db, subscriber!.id, 'access'), searchId: search!.id };
}

/** Creates the rows the routes refer to (an admin, an agent with a property, an indicator and a goal, another user). */
export async function createFuzzClient(app: FastifyInstance): Promise<FuzzClient> {
  const admin = await createUser(app.db, { role: 'admin' });
  const agent = await createUser(app.db);
  const target = await createUser(app.db);
  const property = await createProperty(app.db, { agentId: agent.id, exclusive: true, address: 'הרצל 7' });
  const [indicator] = await app.db.insert(indicators).values({ agentId: agent.id, meetings: 1 }).returning();
  const [goal] = await app.db.insert(goals).values({ agentId: agent.id, year: 2026, month: 3 }).returning();
  // A lead of the agent with a logged note (the pipeline's routes).
  const [contact] = await app.db.insert(contacts).values({ name: 'פונה', phone: '0501112222' }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'פונה',
      phone: '0501112222',
      category: 'קונה',
      ownerId: agent.id,
    })
    .returning();
  const [activity] = await app.db
    .insert(leadActivities)
    .values({ leadId: lead!.id, kind: 'note', agentId: agent.id, createdBy: agent.id })
    .returning();
  // A property the DELETE route may remove, so the others' fixtures stay.
  const spare = await createProperty(app.db, { agentId: agent.id, address: 'הרצל 9' });
  // A confirmed subscriber with a saved search (the private link's routes), and a spare one to delete.
  const alerts = await alertFixture(app, 'fuzz-alerts@example.com');
  const spareAlerts = await alertFixture(app, 'fuzz-alerts-spare@example.com');
  const phoneOnlyAlerts = await alertFixture(app, null, '0541239876');
  // A second branch the PATCH route may rename or close (the default one stays the agency's).
  const [branch] = await app.db
    .insert(branches)
    .values({ name: 'סניף לבדיקה', slug: 'fuzz-branch' })
    .returning();
  // A brokerage order of the agent's lead (its branch with a licensed broker), and a link to sign it.
  await app.db
    .update(branches)
    .set({ address: 'מוריה 50', brokers: [{ name: 'מתווך', licenceNumber: '3012345' }] })
    .where(eq(branches.id, lead!.branchId));
  const [order] = await app.db
    .insert(brokerageOrders)
    .values({
      branchId: lead!.branchId,
      leadId: lead!.id,
      agentId: agent.id,
      side: 'buyer',
      transactionKind: 'purchase',
      clientName: 'דנה כהן',
      clientIdNumber: '039337423',
      clientAddress: 'הנביאים 5, חיפה',
      clientPhone: '0501112222',
      agencyName: 'הסוכנות',
      brokerName: 'מתווך',
      brokerLicence: '3012345',
      brokerAddress: 'מוריה 50',
      properties: [{ address: 'מוריה 10, חיפה' }],
      approxPrice: 1_500_000,
      feePercentHundredths: 200,
      vatIncluded: false,
      sentAt: new Date(),
    })
    .returning();
  const orderToken = 'F'.repeat(43);
  await app.db.insert(brokerageOrderLinks).values({
    orderId: order!.id,
    tokenHash: createHash('sha256').update(orderToken).digest('hex'),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  // A signed exclusivity of the agent's property (the marketing-action route logs under it).
  const [exclusivity] = await app.db
    .insert(brokerageOrders)
    .values({
      kind: 'exclusivity',
      branchId: property.branchId,
      agentId: agent.id,
      side: 'seller',
      transactionKind: 'sale',
      clientName: 'משה לוי',
      clientIdNumber: '039337423',
      clientAddress: 'הנביאים 5, חיפה',
      clientPhone: '0501112222',
      agencyName: 'הסוכנות',
      brokerName: 'מתווך',
      brokerLicence: '3012345',
      brokerAddress: 'מוריה 50',
      properties: [{ propertyId: property.id, address: property.address }],
      approxPrice: 1_500_000,
      feePercentHundredths: 200,
      vatIncluded: false,
      status: 'signed',
      signedAt: new Date(),
      termStart: israelDate(new Date(Date.now() - 10 * 86_400_000)),
      termEnd: israelDate(new Date(Date.now() + 80 * 86_400_000)),
      marketingActions: ['sign', 'internet'],
    })
    .returning();
  // A lead of the agent referred to the second branch, pending (the referral routes' accept and decline).
  const [referredLead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'פונה',
      phone: '0501112222',
      category: 'קונה',
      ownerId: agent.id,
    })
    .returning();
  const [referral] = await app.db
    .insert(leadReferrals)
    .values({
      leadId: referredLead!.id,
      fromBranchId: referredLead!.branchId,
      toBranchId: branch!.id,
      feePercent: 25,
      referredBy: agent.id,
    })
    .returning();
  const cookies: Record<Role, string | undefined> = {
    visitor: undefined,
    admin: await signIn(app, admin.email),
    agent: await signIn(app, agent.email),
  };
  const fixtures: Record<string, string> = {
    agent: agent.id,
    email: agent.email,
    target: target.id,
    property: property.id,
    address: property.address,
    indicator: indicator!.id,
    goal: goal!.id,
    spare: spare.id,
    lead: lead!.id,
    activity: activity!.id,
    kind: 'image',
    alertEmail: 'fuzz-alerts@example.com',
    alertToken: alerts.token,
    search: alerts.searchId,
    spareAlertToken: spareAlerts.token,
    spareSearch: spareAlerts.searchId,
    phoneOnlyAlertToken: phoneOnlyAlerts.token,
    branch: branch!.id,
    defaultBranch: lead!.branchId,
    order: order!.id,
    exclusivity: exclusivity!.id,
    orderToken,
    referral: referral!.id,
    // The month of a branch goal written with a JSON body (PUT /branches/:branch/goals/:year/:month).
    year: '2026',
    month: '4',
  };
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();

  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') return /^\$\w+$/.test(value) ? (fixtures[value.slice(1)] ?? value) : value;
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };

  const fileBytes = ({ file }: FileMarker): Uint8Array<ArrayBuffer> =>
    file === 'png' ? new Uint8Array(png) : new Uint8Array(file === 'empty' ? [] : file);

  /** A multipart body as a browser sends it; lists become repeated fields. */
  const multipartOf = async (record: Record<string, unknown>) => {
    const form = new FormData();
    for (const [key, raw] of Object.entries(record))
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        if (isFile(value)) form.append(key, new Blob([fileBytes(value)], { type: 'image/png' }), 'photo.png');
        else form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
    const encoded = new Response(form);
    return {
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    };
  };

  /** A generated path segment as a client would write it into the URL. */
  const segment = (value: unknown) =>
    encodeComponent(typeof value === 'string' ? value : JSON.stringify(value ?? ''));

  const send: FuzzClient['send'] = async (route, generated, as = route.as) => {
    const segments = route.send === 'path' ? (fill(generated) as Record<string, unknown>) : {};
    const url = route.url.replace(/:(\w+)/g, (_m, key: string) =>
      key in segments ? segment(segments[key]) : (fixtures[key] ?? key),
    );
    const cookie = cookies[as];
    const auth = cookie ? { cookie } : {};
    if (route.send === 'path') return app.inject({ method: route.method, url, headers: auth });
    if (route.send === 'query') {
      const query = String(generated).replace(/%24(\w+)/g, (m, key: string) =>
        key in fixtures ? encodeComponent(fixtures[key]!) : m,
      );
      return app.inject({ method: route.method, url: `${url}?${query}`, headers: auth });
    }
    const body = fill(generated) as Record<string, unknown>;
    if (route.send === 'multipart') {
      const { payload, headers } = await multipartOf(body);
      return app.inject({ method: route.method, url, payload, headers: { ...headers, ...auth } });
    }
    return app.inject({
      method: route.method,
      url,
      // JSON.stringify writes a lone surrogate as its escape (\ud800), as a client on the wire would.
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...auth },
    });
  };
  return { send, fill };
}
