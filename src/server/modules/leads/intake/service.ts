import { LEAD_CATEGORIES } from '@shared/domain/lead-categories';
import type {
  JobApplicationBody,
  JobApplicationItem,
  LeadBody,
  LeadItem,
  LeadsInbox,
} from '@shared/schemas/leads';
import type { ValuationBody } from '@shared/schemas/valuation';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { jobApplications, leads, mailOutbox } from '../../../db/schema';
import { enqueueInTransaction } from '../../mail';
import { getSettings } from '../../settings';
import { addLead } from './intake';
import { jobApplicationMail, leadMail, valuationMail } from './mail-text';

export const MAIL_KIND = { lead: 'lead', jobApplication: 'job-application' } as const;

/**
 * Adds the lead to the contact of its phone, routes it, and queues the office e-mail about it, in one
 * transaction: all or nothing.
 */
export async function submitLead(db: Database, body: LeadBody, ip: string): Promise<string> {
  const { name, phone, category, city } = body;
  const { email } = await getSettings(db);
  return db.transaction(async (tx) => {
    const { lead } = await addLead(tx, {
      name,
      phone,
      category,
      source: 'homeForm',
      ip,
      ...(city ? { hints: { city }, message: `עיר: ${city}` } : {}),
    });
    await enqueueInTransaction(tx, {
      kind: MAIL_KIND.lead,
      refId: lead.id,
      to: email,
      ...leadMail({ name, phone, category, city }, lead.createdAt),
    });
    return lead.id;
  });
}

/** A seller's valuation request: a seller lead routed by its city, and the office e-mail, in one transaction. */
export async function submitValuation(db: Database, body: ValuationBody, ip: string): Promise<string> {
  const { name, phone, city, street, rooms, size, message } = body;
  const { email } = await getSettings(db);
  return db.transaction(async (tx) => {
    const { lead } = await addLead(tx, {
      name,
      phone,
      category: LEAD_CATEGORIES.seller,
      source: 'valuation',
      message,
      valuation: { city, street, rooms, size },
      hints: { city },
      ip,
    });
    await enqueueInTransaction(tx, {
      kind: MAIL_KIND.lead,
      refId: lead.id,
      to: email,
      ...valuationMail(body, lead.createdAt),
    });
    return lead.id;
  });
}

export async function submitJobApplication(db: Database, body: JobApplicationBody, ip: string) {
  const { fullName, phone, email } = body;
  const settings = await getSettings(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(jobApplications).values({ fullName, phone, email, ip }).returning();
    await enqueueInTransaction(tx, {
      kind: MAIL_KIND.jobApplication,
      refId: row!.id,
      to: settings.email,
      ...jobApplicationMail({ fullName, phone, email }, row!.createdAt),
    });
    return row!.id;
  });
}

type MailRow = {
  id: string;
  status: (typeof mailOutbox.$inferSelect)['status'];
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
} | null;

const mailColumns = {
  id: mailOutbox.id,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  sentAt: mailOutbox.sentAt,
};

function toMailInfo(mail: MailRow): LeadItem['mail'] {
  if (!mail) return null;
  return { ...mail, sentAt: mail.sentAt?.toISOString() ?? null };
}

/** The admin inbox: leads and job applications, newest first, each with its e-mail's delivery state. */
export async function listInbox(db: Database, limit: number): Promise<LeadsInbox> {
  const leadRows = await db
    .select({ lead: leads, mail: mailColumns })
    .from(leads)
    .leftJoin(mailOutbox, and(eq(mailOutbox.refId, leads.id), eq(mailOutbox.kind, MAIL_KIND.lead)))
    // Inquiries about a property have their own list, with property and agent.
    .where(inArray(leads.source, ['homeForm', 'valuation']))
    .orderBy(desc(leads.createdAt))
    .limit(limit);
  const jobRows = await db
    .select({ application: jobApplications, mail: mailColumns })
    .from(jobApplications)
    .leftJoin(
      mailOutbox,
      and(eq(mailOutbox.refId, jobApplications.id), eq(mailOutbox.kind, MAIL_KIND.jobApplication)),
    )
    .orderBy(desc(jobApplications.createdAt))
    .limit(limit);
  return {
    leads: leadRows.map(
      ({ lead, mail }): LeadItem => ({
        _id: lead.id,
        name: lead.name,
        phone: lead.phone,
        category: lead.category,
        createdAt: lead.createdAt.toISOString(),
        mail: toMailInfo(mail),
      }),
    ),
    jobApplications: jobRows.map(
      ({ application: a, mail }): JobApplicationItem => ({
        _id: a.id,
        fullName: a.fullName,
        phone: a.phone,
        email: a.email,
        createdAt: a.createdAt.toISOString(),
        mail: toMailInfo(mail),
      }),
    ),
  };
}
