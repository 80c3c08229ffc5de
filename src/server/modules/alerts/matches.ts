import { seesBranch } from '@shared/domain/branch-scope';
import { matchRequirement } from '@shared/domain/buyer-match';
import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { type SavedSearchFilters, SEARCH_PRICE_MAX, savedSearchSentence } from '@shared/domain/saved-search';
import { ALERT_MESSAGES } from '@shared/schemas/alerts';
import { sharedPropertyMark } from '@shared/schemas/network-share';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertSubscribers, branches, contacts, leads, properties, savedSearches } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import type { Storage } from '../../storage/storage';
import { inBranchScope } from '../branches';
import { leadForViewer, readableLeads } from '../leads';
import type { Transaction } from '../mail';
import { propertyCards } from './cards';
import { hasMailbox, mailboxOf } from './mailbox';

/** The most properties listed per requirement on a buyer's page. */
const MATCHES_PER_REQUIREMENT = 50;
/** How many recent candidates a requirement is checked against. */
const CANDIDATES = 500;

/**
 * Searches agents match buyers by: active, confirmed, of a subscriber still subscribed whose address is
 * confirmed or who gave a phone only (no address to confirm; the agent calls).
 */
const liveRequirement = and(
  eq(savedSearches.paused, false),
  isNotNull(savedSearches.confirmedAt),
  isNull(alertSubscribers.unsubscribedAt),
  or(isNotNull(alertSubscribers.confirmedAt), not(hasMailbox)),
);

/** Searches that may alert: live requirements of a subscriber with a confirmed address. */
const alertingSearch = and(liveRequirement, isNotNull(alertSubscribers.confirmedAt), hasMailbox);

/** The live searches of a deal type, with their subscribers: those that alert, or every buyer requirement. */
export function liveSearchesOfType(
  db: Database | Transaction,
  typeTransaction: string,
  which: 'alerts' | 'requirements',
) {
  const type = typeTransaction === TRANSACTION_TYPES.rent ? 'rent' : 'sale';
  return db
    .select({ search: savedSearches, subscriber: alertSubscribers })
    .from(savedSearches)
    .innerJoin(alertSubscribers, eq(alertSubscribers.id, savedSearches.subscriberId))
    .where(
      and(
        which === 'alerts' ? alertingSearch : liveRequirement,
        sql`${savedSearches.filters}->>'type' = ${type}`,
      ),
    );
}

/**
 * 'קונים מתאימים': the live requirements a property matches, for a property of the viewer's branch scope or
 * another branch's shared one (decision 0052; any other is not found). Every agent sees that they exist and what
 * they ask; a buyer's details only who may read the buyer's lead, or, on a property of their own branch, its
 * agents and admins for the buyers of their branch scope (and the network's subscribers without a branch).
 */
export async function matchingBuyers(db: Database, viewer: SessionUser, propertyId: string) {
  const [property] = await db.select().from(properties).where(eq(properties.id, propertyId)).limit(1);
  if (!property) throw notFound(ALERT_MESSAGES.propertyNotFound);
  const own = seesBranch(viewer.branchScope, property.branchId);
  if (!own && !property.sharedWithNetwork) throw notFound(ALERT_MESSAGES.propertyNotFound);
  const mayContact =
    own &&
    (viewer.role === 'admin' || property.agentId === viewer.id || property.agentSecendId === viewer.id);
  const rows = await liveSearchesOfType(db, property.typeTransaction, 'requirements').orderBy(
    desc(savedSearches.createdAt),
  );
  const matched = rows.flatMap(({ search, subscriber }) => {
    const match = matchRequirement(search.filters, property);
    return match.matches ? [{ search, subscriber, overMaxPercent: match.overMaxPercent }] : [];
  });
  const leadIds = matched.flatMap(({ subscriber }) => (subscriber.leadId ? [subscriber.leadId] : []));
  const contactIds = matched.flatMap(({ subscriber }) =>
    subscriber.contactId ? [subscriber.contactId] : [],
  );
  const [readable, branchOf] = await Promise.all([
    readableLeadIds(db, viewer, leadIds),
    buyerBranches(db, leadIds, contactIds),
  ]);
  return matched.map(({ search, subscriber, overMaxPercent }) => {
    const buyerBranch =
      (subscriber.leadId && branchOf.get(subscriber.leadId)) ||
      (subscriber.contactId && branchOf.get(subscriber.contactId)) ||
      null;
    const readsLead = subscriber.leadId !== null && readable.has(subscriber.leadId);
    const showContact =
      readsLead || (mayContact && (buyerBranch === null || seesBranch(viewer.branchScope, buyerBranch)));
    return {
      requirementId: search.id,
      sentence: savedSearchSentence(search.filters),
      overMaxPercent,
      createdAt: search.createdAt.toISOString(),
      contact: showContact
        ? {
            _id: subscriber.contactId ?? subscriber.id,
            name: subscriber.name,
            phone: subscriber.phone,
            email: mailboxOf(subscriber) ?? '',
          }
        : null,
      // The link to the buyer's lead only for who may open it (the leads' visibility rule, in the branch scope).
      leadId: readsLead ? subscriber.leadId : null,
    };
  });
}

/** The branch of each buyer's lead and contact, by id (one map: the ids are distinct uuids). */
async function buyerBranches(db: Database, leadIds: string[], contactIds: string[]) {
  const [leadRows, contactRows] = await Promise.all([
    leadIds.length
      ? db.select({ id: leads.id, branchId: leads.branchId }).from(leads).where(inArray(leads.id, leadIds))
      : [],
    contactIds.length
      ? db
          .select({ id: contacts.id, branchId: contacts.branchId })
          .from(contacts)
          .where(inArray(contacts.id, contactIds))
      : [],
  ]);
  return new Map([...leadRows, ...contactRows].map((r) => [r.id, r.branchId]));
}

/** Which of these leads the viewer may open (their branch scope, and an agent only their own). */
async function readableLeadIds(db: Database, viewer: SessionUser, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(inArray(leads.id, ids), readableLeads(viewer), inBranchScope(viewer.branchScope, leads.branchId)),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Recent unsold properties that could meet the requirement (the exact rule then runs on each): the lead's
 * branch's own and the other branches' shared ones (decision 0052), with the name of the branch that holds each.
 */
function candidates(db: Database, filters: SavedSearchFilters, leadBranchId: string) {
  const conditions = [
    eq(properties.typeTransaction, TRANSACTION_TYPES[filters.type]),
    eq(properties.sold, false),
    or(eq(properties.branchId, leadBranchId), eq(properties.sharedWithNetwork, true)),
  ];
  if (filters.minPrice > 0) conditions.push(gte(properties.price, filters.minPrice));
  if (filters.maxPrice < SEARCH_PRICE_MAX[filters.type])
    conditions.push(lte(properties.price, Math.floor(filters.maxPrice * 1.05)));
  if (filters.city.trim())
    conditions.push(sql`lower(trim(${properties.city})) = ${filters.city.trim().toLocaleLowerCase()}`);
  return db
    .select({ property: properties, branchName: branches.name })
    .from(properties)
    .innerJoin(branches, eq(branches.id, properties.branchId))
    .where(and(...conditions))
    .orderBy(desc(properties.createdAt))
    .limit(CANDIDATES);
}

/** 'נכסים מתאימים' on a lead's page: its contact's requirements, each with the properties it matches. */
export async function matchingProperties(
  db: Database,
  storage: Storage,
  viewer: SessionUser,
  leadId: string,
) {
  const lead = await leadForViewer(db, viewer, leadId);
  const searches = await db
    .select({ search: savedSearches })
    .from(savedSearches)
    .innerJoin(alertSubscribers, eq(alertSubscribers.id, savedSearches.subscriberId))
    .where(and(eq(alertSubscribers.contactId, lead.contactId), isNotNull(savedSearches.confirmedAt)))
    .orderBy(desc(savedSearches.createdAt));
  const requirements = [];
  for (const { search } of searches) {
    const found = (await candidates(db, search.filters, lead.branchId))
      .map(({ property, branchName }) => ({
        property,
        match: matchRequirement(search.filters, property),
        // Another branch's shared listing says whose it is: the buyer's agent calls that branch about it.
        mark: property.branchId === lead.branchId ? null : sharedPropertyMark(branchName),
      }))
      .filter((m) => m.match.matches)
      .slice(0, MATCHES_PER_REQUIREMENT);
    const cards = await propertyCards(
      db,
      storage,
      found.map((m) => m.property.id),
      'staff',
    );
    requirements.push({
      _id: search.id,
      sentence: savedSearchSentence(search.filters),
      filters: search.filters,
      paused: search.paused,
      matches: found.flatMap(({ property, match, mark }) => {
        const card = cards.get(property.id);
        return card && match.matches
          ? [{ property: card, overMaxPercent: match.overMaxPercent, sharedMark: mark }]
          : [];
      }),
    });
  }
  return requirements;
}
