import { seesBranch } from '@shared/domain/branch-scope';
import {
  INQUIRY_MESSAGES,
  type InquiryFilters,
  type InquiryItem,
  type InquiryListQuery,
} from '@shared/schemas/inquiry';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { leads, mailOutbox, properties, users } from '../../../db/schema';
import { forbidden, notFound } from '../../../lib/errors';
import type { SessionUser } from '../../../plugins/session';
import { inBranchScope } from '../../branches';
import { mayReadLead, readableLeads } from '../pipeline/visibility';
import { INQUIRY_MAIL_KIND } from './inquiry';

/** The pipeline's leads that came from a property's page. */
const isInquiry = eq(leads.source, 'propertyInquiry');

function selectInquiries(db: Database) {
  return db
    .select({
      lead: leads,
      property: {
        id: properties.id,
        address: properties.address,
        city: properties.city,
        price: properties.price,
      },
      agent: { id: users.id, name: users.name },
      mail: {
        id: mailOutbox.id,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        sentAt: mailOutbox.sentAt,
      },
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(users, eq(users.id, leads.ownerId))
    .leftJoin(mailOutbox, and(eq(mailOutbox.refId, leads.id), eq(mailOutbox.kind, INQUIRY_MAIL_KIND)));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectInquiries>['execute']>>[number];

function toItem({ lead, property, agent, mail }: Row, viewer: SessionUser): InquiryItem {
  return {
    _id: lead.id,
    name: lead.name,
    phone: lead.phone,
    message: lead.message,
    createdAt: lead.createdAt.toISOString(),
    property: property && {
      _id: property.id,
      address: property.address,
      city: property.city,
      price: property.price,
    },
    agent: agent && { _id: agent.id, name: agent.name },
    mail: viewer.role === 'admin' && mail ? { ...mail, sentAt: mail.sentAt?.toISOString() ?? null } : null,
  };
}

/** The agents and properties that have inquiries in the admin's branches: her filter choices. */
async function inquiryFilters(db: Database, viewer: SessionUser): Promise<InquiryFilters> {
  const inScope = and(isInquiry, inBranchScope(viewer.branchScope, leads.branchId));
  const agents = await db
    .selectDistinct({ _id: users.id, name: users.name })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.ownerId))
    .where(inScope)
    .orderBy(asc(users.name));
  const props = await db
    .selectDistinct({ _id: properties.id, address: properties.address, city: properties.city })
    .from(leads)
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .where(inScope)
    .orderBy(asc(properties.city), asc(properties.address));
  return { agents, properties: props };
}

/**
 * Inquiries newest first: every one of her branches for an admin (filterable by agent and property; another
 * branch's are not there: docs/decisions/0033), an agent's own otherwise.
 */
export async function listInquiries(db: Database, viewer: SessionUser, query: InquiryListQuery) {
  const admin = viewer.role === 'admin';
  const where: (SQL | undefined)[] = [isInquiry];
  // An agent's inquiries are the ones it owns in the pipeline (the leads' visibility rule).
  where.push(readableLeads(viewer), inBranchScope(viewer.branchScope, leads.branchId));
  if (query.agentId) where.push(eq(leads.ownerId, query.agentId));
  if (query.propertyId) where.push(eq(leads.propertyId, query.propertyId));
  const rows = await selectInquiries(db)
    .where(and(...where))
    .orderBy(desc(leads.createdAt))
    .limit(query.limit);
  return {
    inquiries: rows.map((row) => toItem(row, viewer)),
    filters: admin ? await inquiryFilters(db, viewer) : { agents: [], properties: [] },
  };
}

/** One inquiry, for an admin of its branch or an agent it concerns; another branch's is not found. */
export async function getInquiry(db: Database, viewer: SessionUser, id: string): Promise<InquiryItem> {
  const [row] = await selectInquiries(db)
    .where(and(eq(leads.id, id), isInquiry))
    .limit(1);
  if (!row || !seesBranch(viewer.branchScope, row.lead.branchId)) throw notFound();
  if (!mayReadLead(viewer, row.lead)) throw forbidden(INQUIRY_MESSAGES.notYours);
  return toItem(row, viewer);
}
