import { LEAD_CATEGORIES } from '@shared/domain/lead-categories';
import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { paths } from '@shared/paths';
import { INQUIRY_MESSAGES, type InquiryBody } from '@shared/schemas/inquiry';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { properties, users } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { absoluteUrl } from '../../../lib/links';
import { enqueueInTransaction } from '../../mail';
import { getSettings } from '../../settings';
import { inquiryMail } from './inquiry-mail';
import { addLead } from './intake';

export const INQUIRY_MAIL_KIND = 'inquiry';

/**
 * A visitor's inquiry about a property: a lead on the contact of its phone, tied to the property and routed
 * (the property's agent, else its second agent, else the next rules), queued to the property's agent by e-mail
 * with a copy to the office (only the office when no agent of the property took it) and as a push to the
 * owner's devices, all in one transaction so a stored inquiry always has its mail and push.
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
  const { email: officeEmail } = await getSettings(db);
  const name = body.name.trim();
  const phone = body.phone.trim();
  const message = (body.message ?? '').trim();
  const category =
    property.typeTransaction === TRANSACTION_TYPES.rent ? LEAD_CATEGORIES.rental : LEAD_CATEGORIES.buyer;
  return db.transaction(async (tx) => {
    const { lead } = await addLead(tx, {
      name,
      phone,
      category,
      source: 'propertyInquiry',
      message,
      propertyId,
      hints: { propertyAgentId: property.agentId, secondAgentId: property.agentSecendId },
      ip,
      push: { title: 'פנייה חדשה על נכס', body: `${name}, ${phone}: ${property.address}, ${property.city}` },
    });
    const propertyAgentIds = [property.agentId, property.agentSecendId];
    const [agent] =
      lead.ownerId && propertyAgentIds.includes(lead.ownerId)
        ? await tx
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(eq(users.id, lead.ownerId))
        : [];
    const mail = inquiryMail(
      {
        name,
        phone,
        message,
        property,
        propertyUrl: absoluteUrl(appOrigin, paths.propertyView(property.id)),
        agentName: agent?.name ?? null,
      },
      lead.createdAt,
    );
    await enqueueInTransaction(tx, {
      kind: INQUIRY_MAIL_KIND,
      refId: lead.id,
      to: agent?.email ?? officeEmail,
      cc: agent ? officeEmail : null,
      ...mail,
    });
    return lead.id;
  });
}
