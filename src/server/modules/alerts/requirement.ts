import { LEAD_CATEGORIES } from '@shared/domain/lead-categories';
import { savedSearchSentence } from '@shared/domain/saved-search';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alertSubscribers, contacts, savedSearches } from '../../db/schema';
import { absoluteUrl } from '../../lib/links';
import { addLead, leadUrl } from '../leads';
import { enqueueInTransaction, type Transaction } from '../mail';
import { mailboxOf } from './mailbox';

type Subscriber = typeof alertSubscribers.$inferSelect;

/** The lead's line for a buyer who gave a phone only: the agent calls, and no alert mail reaches them. */
const NO_EMAIL = 'ללא מייל: השאיר טלפון בלבד, ולכן לא יקבל עדכונים במייל';

/** The contact of a buyer without a mobile number: the one with the address, else a new one. */
async function contactByEmail(tx: Transaction, name: string, email: string) {
  const [found] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.email, email))
    .orderBy(asc(contacts.createdAt))
    .limit(1);
  if (found) return found.id;
  const [made] = await tx.insert(contacts).values({ name, phone: '', email }).returning({ id: contacts.id });
  return made!.id;
}

/**
 * A confirmed subscriber's saved searches make them a buyer requirement in the pipeline: the contact of their
 * mobile number (or of their e-mail when they gave no phone) gets a lead from the source 'savedSearch', routed
 * like every lead (the owner is told by push, the office by e-mail as for the lead form). Once per subscriber;
 * later searches join the same requirement. A phone-only subscriber has no address to confirm: their searches
 * make the lead at once (the consent covers an agent's call), as the lead form's phone does.
 */
export async function ensureRequirement(
  tx: Transaction,
  subscriber: Subscriber,
  office?: { email: string; appOrigin: string },
): Promise<void> {
  const email = mailboxOf(subscriber);
  if (subscriber.leadId || subscriber.unsubscribedAt || (email && !subscriber.confirmedAt)) return;
  const searches = await tx
    .select({ filters: savedSearches.filters })
    .from(savedSearches)
    .where(and(eq(savedSearches.subscriberId, subscriber.id), isNotNull(savedSearches.confirmedAt)))
    .orderBy(asc(savedSearches.createdAt));
  if (searches.length === 0) return;
  const sentences = searches.map((s) => savedSearchSentence(s.filters));
  const contactId = subscriber.phone || !email ? undefined : await contactByEmail(tx, subscriber.name, email);
  const emailLine = email ? `מייל: ${email}` : NO_EMAIL;
  const { lead, contact } = await addLead(tx, {
    contactId,
    name: subscriber.name,
    phone: subscriber.phone,
    category: LEAD_CATEGORIES.buyer,
    source: 'savedSearch',
    message: [...sentences, emailLine].join('\n'),
    hints: { city: searches[0]!.filters.city || null },
    push: { title: 'קונה חדש מחיפוש שמור', body: `${subscriber.name}: ${sentences[0]}` },
  });
  if (office) {
    await enqueueInTransaction(tx, {
      kind: 'lead',
      refId: lead.id,
      to: office.email,
      subject: `קונה חדש מחיפוש שמור: ${subscriber.name}`,
      text: [
        email
          ? 'נרשם באתר קונה שאישר קבלת עדכונים, ומה שהוא מחפש נשמר כדרישת קונה.'
          : 'קונה השאיר באתר טלפון נייד והסכים שסוכן יפנה אליו, ומה שהוא מחפש נשמר כדרישת קונה.',
        '',
        `שם: ${subscriber.name}`,
        ...(subscriber.phone ? [`טלפון: ${subscriber.phone}`] : []),
        emailLine,
        ...sentences.map((sentence) => `מחפש: ${sentence}`),
        '',
        absoluteUrl(office.appOrigin, leadUrl(lead.id)),
      ].join('\n'),
    });
  }
  if (email) {
    await tx
      .update(contacts)
      .set({ email })
      .where(and(eq(contacts.id, contact.id), isNull(contacts.email)));
  }
  await tx
    .update(alertSubscribers)
    .set({ contactId: contact.id, leadId: lead.id, updatedAt: sql`now()` })
    .where(eq(alertSubscribers.id, subscriber.id));
}
