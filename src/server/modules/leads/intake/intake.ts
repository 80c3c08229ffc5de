import { israelDate } from '@shared/domain/israel-time';
import { normalizeIsraeliMobile } from '@shared/domain/phone';
import type { LeadSource } from '@shared/domain/pipeline';
import { type RoutingCandidate, type RoutingResult, routeLead } from '@shared/domain/routing';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import {
  contacts,
  leadActivities,
  leadSettings,
  leads,
  users,
  type ValuationDetails,
} from '../../../db/schema';
import type { Transaction } from '../../mail';
import { enqueuePush } from '../../push';
import { readLeadSettings } from '../pipeline/settings';

/** The lead page of the signed-in area (src/shared/paths.ts: leadView). */
export const leadUrl = (id: string) => `/Leads/${encodeURIComponent(id)}`;

/** Everyone the routing rules may name or pick, with what they read. */
async function routingCandidates(tx: Transaction): Promise<RoutingCandidate[]> {
  return tx
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      companyRole: users.companyRole,
      active: users.active,
      takesLeads: users.takesLeads,
      leaveFrom: users.leaveFrom,
      leaveUntil: users.leaveUntil,
    })
    .from(users);
}

export type RoutingHints = {
  propertyAgentId?: string | null;
  secondAgentId?: string | null;
  city?: string | null;
  contactOwnerId?: string | null;
};

/**
 * Routes a lead inside its transaction: the settings row is locked (FOR UPDATE), so two leads arriving at
 * once, in one process or two, read and advance the round robin's position one after the other.
 */
export async function routeInTransaction(
  tx: Transaction,
  hints: RoutingHints,
  now = new Date(),
): Promise<RoutingResult> {
  await tx.insert(leadSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx.select().from(leadSettings).where(eq(leadSettings.id, 1)).for('update');
  const settings = await readLeadSettings(tx);
  const city = hints.city?.trim() || null;
  const cityAgentId = city
    ? (settings.cityAgents.find((c) => c.city.trim() === city)?.agentId ?? null)
    : null;
  const result = routeLead({
    rules: settings.rules,
    today: israelDate(now),
    candidates: await routingCandidates(tx),
    propertyAgentId: hints.propertyAgentId ?? null,
    secondAgentId: hints.secondAgentId ?? null,
    city,
    cityAgentId,
    contactOwnerId: hints.contactOwnerId ?? null,
    lastRoundRobinId: row?.roundRobinLastId ?? null,
  });
  if (result.roundRobinId) {
    await tx
      .update(leadSettings)
      .set({ roundRobinLastId: result.roundRobinId })
      .where(eq(leadSettings.id, 1));
  }
  return result;
}

/**
 * The contact of a phone: the one with its normalized mobile number, or a new one (a landline never merges).
 * `made` says whether this call made it (its branch is then its first lead's).
 */
async function contactFor(tx: Transaction, name: string, phone: string, now: Date) {
  const phoneKey = normalizeIsraeliMobile(phone);
  if (!phoneKey) {
    const [row] = await tx
      .insert(contacts)
      .values({ name, phone, createdAt: now, updatedAt: now })
      .returning({ id: contacts.id });
    return { id: row!.id, made: true };
  }
  const [row] = await tx
    .insert(contacts)
    .values({ name, phone, phoneKey, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: contacts.phoneKey,
      targetWhere: sql`${contacts.phoneKey} is not null`,
      set: { updatedAt: now },
    })
    .returning({ id: contacts.id, made: sql<boolean>`(xmax = 0)` });
  return row!;
}

/** The owner of the contact's latest open lead (the contactOwner rule). */
async function contactOwner(tx: Transaction, contactId: string): Promise<string | null> {
  const [row] = await tx
    .select({ ownerId: leads.ownerId })
    .from(leads)
    .where(and(eq(leads.contactId, contactId), notInArray(leads.status, ['deal', 'lost'])))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return row?.ownerId ?? null;
}

export type NewLead = {
  /** A contact found by the caller (a buyer found by e-mail); else the phone's contact is found or made. */
  contactId?: string;
  name: string;
  phone: string;
  category: string;
  source: LeadSource;
  message?: string;
  propertyId?: string | null;
  valuation?: ValuationDetails | null;
  ip?: string | null;
  nextTouchAt?: Date | null;
  /** Routing hints from the property or the city; the contact's owner is looked up here. */
  hints?: Omit<RoutingHints, 'contactOwnerId'>;
  /** An owner chosen by hand (a manual lead), with the reason shown; else the rules route it. */
  owner?: { id: string; reason: string } | null;
  /** The owner's notification (default: 'ליד חדש' with the name and phone). */
  push?: { title: string; body: string; url?: string };
  /** Its branch; left out, the database files it under its property's, else its owner's (decision 0032). */
  branchId?: string;
  /** Who added it (a manual lead), for the timeline. */
  createdBy?: string | null;
  now?: Date;
};

/**
 * Adds a lead to the contact of its phone (made or reused), routes it, and records the assignment on the
 * timeline, all inside the caller's transaction; queues the new owner's push (once per lead).
 */
export async function addLead(tx: Transaction, input: NewLead) {
  const now = input.now ?? new Date();
  const contact = input.contactId
    ? { id: input.contactId, made: false }
    : await contactFor(tx, input.name, input.phone, now);
  const routing: Pick<RoutingResult, 'ownerId' | 'reason'> = input.owner
    ? { ownerId: input.owner.id, reason: input.owner.reason }
    : await routeInTransaction(
        tx,
        { ...input.hints, contactOwnerId: await contactOwner(tx, contact.id) },
        now,
      );
  const [lead] = await tx
    .insert(leads)
    .values({
      contactId: contact.id,
      name: input.name,
      phone: input.phone,
      category: input.category,
      source: input.source,
      message: input.message ?? '',
      propertyId: input.propertyId ?? null,
      valuation: input.valuation ?? null,
      ownerId: routing.ownerId,
      branchId: input.branchId,
      routingReason: routing.reason,
      nextTouchAt: input.nextTouchAt ?? null,
      ip: input.ip ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  // A contact is known across the network by its phone; it is filed under the branch its first lead came to.
  if (contact.made && lead!.branchId)
    await tx.update(contacts).set({ branchId: lead!.branchId }).where(eq(contacts.id, contact.id));
  await tx.insert(leadActivities).values({
    leadId: lead!.id,
    kind: 'assignment',
    agentId: routing.ownerId,
    occurredAt: now,
    note: routing.reason,
    createdBy: input.createdBy ?? null,
    createdAt: now,
  });
  if (routing.ownerId && routing.ownerId !== input.createdBy) {
    await enqueuePush(
      tx,
      routing.ownerId,
      'leadAssigned',
      {
        title: input.push?.title ?? 'ליד חדש',
        body: input.push?.body ?? `${input.name}, ${input.phone}`,
        url: input.push?.url ?? leadUrl(lead!.id),
      },
      { dedupeKey: `lead-assigned:${lead!.id}`, now },
    );
  }
  return { lead: lead!, contact, reason: routing.reason };
}
