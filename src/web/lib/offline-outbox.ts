import { type DBSchema, openDB } from 'idb';
import { retryAfterMs } from './retry-after';

/**
 * Writes made without a network (a daily entry, an activity on a lead), kept in IndexedDB with the
 * Idempotency-Key they were made with until the server has them. Runs in the pages and in the service worker
 * (Background Sync), so it uses nothing but fetch and IndexedDB.
 */
export type OutboxEntry = {
  /** The Idempotency-Key, made on the device when the entry was made. */
  key: string;
  userId: string;
  kind: 'indicator' | 'activity';
  /** API path under /api/v1 and the JSON body, as the page would have sent them. */
  path: string;
  body: unknown;
  createdAt: string;
  state: 'pending' | 'refused';
  /** The server's Hebrew message and field errors when it refused the entry. */
  error?: string;
  fieldErrors?: Record<string, string>;
};

interface OutboxDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { byUser: string } };
}

const database = () =>
  openDB<OutboxDb>('link-offline', 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'key' }).createIndex('byUser', 'userId');
    },
  });

export async function addToOutbox(entry: Omit<OutboxEntry, 'state' | 'createdAt'>): Promise<OutboxEntry> {
  const stored: OutboxEntry = { ...entry, state: 'pending', createdAt: new Date().toISOString() };
  await (await database()).put('outbox', stored);
  return stored;
}

export async function outboxOf(userId: string): Promise<OutboxEntry[]> {
  const entries = await (await database()).getAllFromIndex('outbox', 'byUser', userId);
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function removeFromOutbox(key: string): Promise<void> {
  await (await database()).delete('outbox', key);
}

/** Forgets every entry of a user (signing out after the user chose to discard them). */
export async function clearOutbox(userId: string): Promise<void> {
  const db = await database();
  for (const entry of await db.getAllFromIndex('outbox', 'byUser', userId))
    await db.delete('outbox', entry.key);
}

async function sessionUserId(): Promise<string | undefined> {
  const response = await fetch('/api/v1/users/session', { credentials: 'same-origin' }).catch(
    () => undefined,
  );
  if (!response?.ok) return undefined;
  const body = (await response.json()) as { data?: { user?: { _id: string } | null } };
  return body.data?.user?._id;
}

export type FlushResult = {
  sent: number;
  refused: number;
  waiting: number;
  /** The server could not take them now and said when to try again (503 or 429 with Retry-After), in ms. */
  retryAfterMs?: number;
};

/**
 * Sends the pending entries of the signed-in user, oldest first, each with its Idempotency-Key: a send whose
 * answer was lost is sent again with the same key and stored once. A refusal (4xx) keeps the entry with the
 * server's message for the user to fix or discard; no network, a 5xx or a signed-out session leaves the rest
 * for the next try, which a Retry-After (the server's database restarting) brings forward. Without `userId` (the service worker) it asks the server who is signed in.
 */
export async function flushOutbox(userId?: string): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: 0, waiting: 0 };
  const owner = userId ?? (await sessionUserId());
  if (!owner) return result;
  const pending = (await outboxOf(owner)).filter((entry) => entry.state === 'pending');
  for (const [index, entry] of pending.entries()) {
    let response: Response;
    try {
      response = await fetch(`/api/v1${entry.path}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'idempotency-key': entry.key },
        body: JSON.stringify(entry.body),
      });
    } catch {
      result.waiting = pending.length - index;
      return result;
    }
    if (response.ok) {
      await removeFromOutbox(entry.key);
      result.sent += 1;
    } else if (
      response.status >= 500 ||
      response.status === 401 ||
      response.status === 408 ||
      response.status === 429
    ) {
      result.waiting = pending.length - index;
      const wait = retryAfterMs(response.headers.get('retry-after'));
      if (wait !== undefined) result.retryAfterMs = wait;
      return result;
    } else {
      const error = (await response.json().catch(() => ({}))) as {
        message?: string;
        fieldErrors?: Record<string, string>;
      };
      await (await database()).put('outbox', {
        ...entry,
        state: 'refused',
        error: error.message,
        fieldErrors: error.fieldErrors,
      });
      result.refused += 1;
    }
  }
  return result;
}
