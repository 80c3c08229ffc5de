import { LEAD_CATEGORIES } from '@shared/domain/lead-categories';
import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { paths } from '@shared/paths';
import { INQUIRY_MESSAGES, type InquiryBody } from '@shared/schemas/inquiry';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leads, properties, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { absoluteUrl } from '../../lib/links';
import { enqueueInTransaction } from '../mail/outbox';
import { enqueuePush } from '../push';
import { getSettings } from '../settings/service';
import { inquiryMail } from './inquiry-mail';

export const INQUIRY_MAIL_KIND = 'inquiry';

/** The agent an inquiry goes to: the main agent, else the second one; inactive agents are skipped. */
async function routedAgent(db: Database, ids: (string | null)[]) {
  for (const id of ids) {
    if (!id) continue;
    const [agent] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.id, id), eq(users.active, true)))
      .limit(1);
    if (agent) return agent;
  }
  return null;
}

/**
 * A visitor's inquiry about a property: stored as a lead tied to the property and its agent, and
 * queued to the agent's e-mail with a copy to the office (only the office when there is no agent) and as a
 * push to the agent's devices, all in one transaction so a stored inquiry always has its mail and push.
 */
export async function submitInquiry(
  db: Database,
  propertyId: string,
  body: InquiryBody,
  ip: string,
  appOrigin: string,
): Promise<string> {
  const [property] = await db.select().from(properties).where(eq(properties.id, propertyId)).limit(1);
  if (!property || property.sold) throw notFound(INQUIRY_MESSAGES.propertyNotFound);
  const agent = await routedAgent(db, [property.agentId, property.agentSecendId]);
  const { email: officeEmail } = await getSettings(db);
  const name = body.name.trim();
  const phone = body.phone.trim();
  const message = (body.message ?? '').trim();
  const category =
    property.typeTransaction === TRANSACTION_TYPES.rent ? LEAD_CATEGORIES.rental : LEAD_CATEGORIES.buyer;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({ name, phone, category, message, propertyId, agentId: agent?.id ?? null, ip })
      .returning();
    const mail = inquiryMail(
      {
        name,
        phone,
        message,
        property,
        propertyUrl: absoluteUrl(appOrigin, paths.propertyView(property.id)),
        agentName: agent?.name ?? null,
      },
      row!.createdAt,
    );
    await enqueueInTransaction(tx, {
      kind: INQUIRY_MAIL_KIND,
      refId: row!.id,
      to: agent?.email ?? officeEmail,
      cc: agent ? officeEmail : null,
      ...mail,
    });
    // The property's agent hears of it on the phone as well (held through quiet hours and Shabbat).
    if (agent) {
      await enqueuePush(tx, agent.id, 'leadAssigned', {
        title: 'פנייה חדשה על נכס',
        body: `${name}, ${phone}: ${property.address}, ${property.city}`,
        url: paths.inquiries(),
      });
    }
    return row!.id;
  });
}
