import { randomUUID } from 'node:crypto';
import { israelWallTime } from '@shared/domain/israel-calendar';
import { ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import { multipart } from '../properties/test-helpers';

/** A Tuesday morning in Israel: no Shabbat, holiday or quiet-hours hold. */
export const WEEKDAY_MORNING = israelWallTime('2026-11-24', 10 * 60);
export const HOUR = 3_600_000;

/** A fresh address per call (each test makes its own subscribers). */
export const freshEmail = (label = 'buyer') => `${label}-${randomUUID().slice(0, 13)}@example.com`;

export const subscribeBody = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'דנה קונה',
  email,
  consent: true,
  consentText: ALERTS_CONSENT_TEXT,
  ...extra,
});

export const haifaSearch = {
  type: 'sale',
  city: 'חיפה',
  category: 'דירה',
  minRooms: 4,
  maxRooms: 5,
  maxPrice: 2_500_000,
};

/** The latest mail of a kind to an address. */
export async function lastMailTo(app: FastifyInstance, to: string, kind: string) {
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/** The private-link token in a mail's text. */
export const accessTokenOf = (text: string) => /\/MyAlerts\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
export const unsubscribeTokenOf = (text: string) =>
  /\/alerts\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

/** Subscribes, opens the confirmation link, and returns the private token. */
export async function confirmedSubscriber(
  app: FastifyInstance,
  email: string,
  extra: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/alerts/subscribe',
    payload: subscribeBody(email, extra),
  });
  if (res.statusCode !== 202) throw new Error(`subscribe: ${res.statusCode} ${res.body}`);
  const token = accessTokenOf((await lastMailTo(app, email, 'alert-confirm'))!.text);
  const confirmed = await app.inject({ method: 'POST', url: `/api/v1/alerts/me/${token}/confirm` });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return token;
}

/** Adds a property through the admin API (so the change is recorded as the app records it); returns its id. */
export async function addPropertyByApi(
  app: FastifyInstance,
  cookie: string,
  fields: Record<string, string | string[]> = {},
): Promise<string> {
  const all: Record<string, string | string[]> = {
    typeTransaction: 'מכירה',
    city: 'חיפה',
    address: 'הנשיא 5',
    price: '2400000',
    category: 'דירה',
    rooms: '4',
    ...fields,
  };
  const form = await multipart(
    Object.entries(all).flatMap(([k, v]) =>
      Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v]],
    ),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/property',
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
  if (res.statusCode !== 201) throw new Error(`create property: ${res.statusCode} ${res.body}`);
  return res.json().data.data._id as string;
}

/**
 * A test app for the alerts routes: the per-address limits stay off the way (many subscriptions from one test
 * client), the per-contact limit is the one under test (5 a minute).
 */
export function createAlertsTestApp() {
  const plenty = { max: 100_000, windowMs: 60_000 };
  return createTestApp({
    rateLimits: {
      alertsSubscribePerIp: plenty,
      alertsPagePerIp: plenty,
      alertsPerContact: { max: 5, windowMs: 60_000 },
    },
  });
}
