import {
  MAX_PUSH_DEVICES,
  PUSH_MESSAGES,
  type PushDevice,
  type PushPreferences,
  type PushSubscriptionBody,
} from '@shared/schemas/push';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pushPreferences, pushSubscriptions, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { deviceLabel } from './device-label';
import { isKnownPushService } from './push-services';

type DeviceRow = typeof pushSubscriptions.$inferSelect;

const toDevice = (row: DeviceRow): PushDevice => ({
  _id: row.id,
  endpoint: row.endpoint,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
});

export async function listDevices(db: Database, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  return rows.map(toDevice);
}

/**
 * Registers this device for a user's notifications. The same endpoint again updates the one row: the same user's
 * (the browser renewed its keys), or another user's when the keys match (another user signed in on this device);
 * another user's endpoint with other keys is refused (409). A new one past MAX_PUSH_DEVICES is refused.
 * The user's row is locked meanwhile, so two devices subscribing at once cannot pass the cap together.
 */
export async function subscribeDevice(
  db: Database,
  userId: string,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
  extraPushHosts: readonly string[],
): Promise<PushDevice> {
  if (!isKnownPushService(body.endpoint, extraPushHosts)) {
    throw badRequest(PUSH_MESSAGES.endpointForeign, { endpoint: PUSH_MESSAGES.endpointForeign });
  }
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    // Another user's device moves to this one only from that device itself: its keys are secret to it.
    const [registered] = await tx
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.endpoint))
      .for('update');
    if (
      registered &&
      registered.userId !== userId &&
      (registered.p256dh !== body.keys.p256dh || registered.auth !== body.keys.auth)
    )
      throw conflict(PUSH_MESSAGES.endpointTaken, { endpoint: PUSH_MESSAGES.endpointTaken });
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, body.endpoint)));
    if ((others?.n ?? 0) >= MAX_PUSH_DEVICES) throw conflict(PUSH_MESSAGES.tooManyDevices);
    const values = {
      userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      label: deviceLabel(userAgent),
    };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning();
    return toDevice(row!);
  });
}

/** Removes one of the user's own devices (turning notifications off, signing out, the device list). */
export async function removeDevice(db: Database, userId: string, deviceId: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, deviceId), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound(PUSH_MESSAGES.deviceNotFound);
}

const DEFAULT_PREFERENCES: PushPreferences = {
  leadAssigned: true,
  leadEscalated: true,
  nextTouchDue: true,
  dailyEntryMissing: true,
};

export async function getPreferences(db: Database, userId: string): Promise<PushPreferences> {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  if (!row) return DEFAULT_PREFERENCES;
  const { leadAssigned, leadEscalated, nextTouchDue, dailyEntryMissing } = row;
  return { leadAssigned, leadEscalated, nextTouchDue, dailyEntryMissing };
}

export async function setPreferences(
  db: Database,
  userId: string,
  preferences: PushPreferences,
): Promise<PushPreferences> {
  const values = { ...preferences, updatedAt: new Date() };
  await db
    .insert(pushPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: values });
  return preferences;
}
