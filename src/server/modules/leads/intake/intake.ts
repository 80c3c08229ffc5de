import { israelDate } from '@shared/domain/israel-time';
import { normalizeIsraeliMobile } from '@shared/domain/phone';
import type { LeadSource } from '@shared/domain/pipeline';
import { BRANCH_REASONS, type RoutingCandidate, type RoutingResult, routeLead } from '@shared/domain/routing';
import { type LeadSettings, normalizeCity } from '@shared/schemas/lead-settings';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import {
  branches,
  branchLeadSettings,
  contacts,
  leadActivities,
  leadSettings,
  leads,
  properties,
  users,
  type ValuationDetails,
} from '../../../db/schema';
import type { Transaction } from '../../mail';
import { enqueuePush } from '../../push';
import { branchOfCity, readBranchLeadSettings, readLeadSettings } from '../pipeline/settings';

/** The lead page of the signed-in area (src/shared/paths.ts: leadView). */
export const leadUrl = (id: string) => `/Leads/${encodeURIComponent(id)}`;

/** Everyone the routing rules may name or pick, with what they read: a branch's people, else everyone. */
async function routingCandidates(tx: Transaction, branchId: string | null): Promise<RoutingCandidate[]> {
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
    .from(users)
    .where(branchId ? eq(users.branchId, branchId) : undefined);
}

export type RoutingHints = {
  propertyAgentId?: string | null;
  secondAgentId?: string | null;
  city?: string | null;
  contactOwnerId?: string | null;
  /** The branch the lead already belongs to (its property's, the branch of who added it). */
  branchId?: string | null;
};

/** The branch a lead is routed in, and why (the start of its routing reason). */
type RoutingBranch = { id: string; name: string; why: string };

/**
 * Which branch routes a lead (docs/decisions/0047-routing-per-branch.md): a lead of a known branch (its
 * property's, its adder's) stays there, and is routed by that branch's settings when it set its own; a lead
 * without one whose city a branch covers goes to that branch; else null: the network's settings, as before.
 */
async function routingBranch(tx: Transaction, hints: RoutingHints, city: string | null) {
  if (hints.branchId) {
    const [row] = await tx
      .select({ id: branches.id, name: branches.name, own: branchLeadSettings.own })
      .from(branches)
      .innerJoin(branchLeadSettings, eq(branchLeadSettings.branchId, branches.id))
      .where(eq(branches.id, hints.branchId));
    return row?.own ? { id: row.id, name: row.name, why: BRANCH_REASONS.ownBranch } : null;
  }
  const covering = city ? await branchOfCity(tx, city) : null;
  return covering ? { ...covering, why: BRANCH_REASONS.city(normalizeCity(city!)) } : null;
}

/**
 * Routes a lead inside its transaction: the settings row it routes by is locked (FOR UPDATE), so two leads
 * arriving at once, in one process or two, read and advance the round robin's position one after the other.
 * A lead routed in a branch (routingBranch) gets an owner of that branch, by its settings, and its reason
 * starts with the branch and why ("סניף חיפה: העיר חיפה בתחום הסניף; ...").
 */
export async function routeInTransaction(
  tx: Transaction,
  hints: RoutingHints,
  now = new Date(),
): Promise<RoutingResult & { branchId: string | null }> {
  const city = hints.city?.trim() || null;
  const branch: RoutingBranch | null = await routingBranch(tx, hints, city);
  let settings: LeadSettings;
  let lastRoundRobinId: string | null;
  if (branch) {
    await tx.insert(branchLeadSettings).values({ branchId: branch.id }).onConflictDoNothing();
    const [row] = await tx
      .select({ roundRobinLastId: branchLeadSettings.roundRobinLastId })
      .from(branchLeadSettings)
      .where(eq(branchLeadSettings.branchId, branch.id))
      .for('update');
    settings = (await readBranchLeadSettings(tx, branch.id)).settings;
    lastRoundRobinId = row?.roundRobinLastId ?? null;
  } else {
    await tx.insert(leadSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(leadSettings).where(eq(leadSettings.id, 1)).for('update');
    settings = await readLeadSettings(tx);
    lastRoundRobinId = row?.roundRobinLastId ?? null;
  }
  const cityKey = city ? normalizeCity(city) : null;
  const cityAgentId = cityKey
    ? (settings.cityAgents.find((c) => normalizeCity(c.city) === cityKey)?.agentId ?? null)
    : null;
  const result = routeLead({
    rules: settings.rules,
    today: israelDate(now),
    // A lead of a known branch goes to its people only, by the network's rules when the branch has none of its
    // own: never to another branch's agent while the lead stays filed under this one.
    candidates: await routingCandidates(tx, branch?.id ?? hints.branchId ?? null),
    propertyAgentId: hints.propertyAgentId ?? null,
    secondAgentId: hints.secondAgentId ?? null,
    city,
    cityAgentId,
    contactOwnerId: hints.contactOwnerId ?? null,
    lastRoundRobinId,
  });
  if (result.roundRobinId) {
    if (branch)
      await tx
        .update(branchLeadSettings)
        .set({ roundRobinLastId: result.roundRobinId })
        .where(eq(branchLeadSettings.branchId, branch.id));
    else
      await tx
        .update(leadSettings)
        .set({ roundRobinLastId: result.roundRobinId })
        .where(eq(leadSettings.id, 1));
  }
  if (!branch) return { ...result, branchId: null };
  return {
    ...result,
    reason: BRANCH_REASONS.prefix(branch.name, branch.why, result.reason),
    branchId: branch.id,
  };
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

/** The branch of a lead's property (the lead is filed there: decision 0032). */
async function propertyBranch(tx: Transaction, propertyId: string | null | undefined) {
  if (!propertyId) return null;
  const [row] = await tx
    .select({ branchId: properties.branchId })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row?.branchId ?? null;
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
  hints?: Omit<RoutingHints, 'contactOwnerId' | 'branchId'>;
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
  const routing: Pick<RoutingResult, 'ownerId' | 'reason'> & { branchId: string | null } = input.owner
    ? { ownerId: input.owner.id, reason: input.owner.reason, branchId: null }
    : await routeInTransaction(
        tx,
        {
          ...input.hints,
          branchId: input.branchId ?? (await propertyBranch(tx, input.propertyId)),
          contactOwnerId: await contactOwner(tx, contact.id),
        },
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
      branchId: input.branchId ?? routing.branchId ?? undefined,
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
