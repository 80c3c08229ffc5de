import { DEAL_MESSAGES } from '@shared/schemas/deals';
import { and, eq, or } from 'drizzle-orm';
import { branches, leadReferrals, properties } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import type { Transaction } from '../../mail';
import type { LeadRow } from './reads';

/**
 * A deal on a property of another branch (docs/money.md, "Bad input"): logged only when the lead was referred
 * between the two branches and the referral was accepted (so the statement pays the referring branch its
 * share); else 400 on `propertyId`, nothing stored.
 */
export async function refuseDealOnOtherBranchProperty(
  tx: Transaction,
  lead: Pick<LeadRow, 'id' | 'branchId' | 'propertyId'>,
) {
  if (!lead.propertyId) return;
  const [property] = await tx
    .select({ branchId: properties.branchId, branchName: branches.name })
    .from(properties)
    .innerJoin(branches, eq(branches.id, properties.branchId))
    .where(eq(properties.id, lead.propertyId));
  if (!property || property.branchId === lead.branchId) return;
  const [referral] = await tx
    .select({ id: leadReferrals.id })
    .from(leadReferrals)
    .where(
      and(
        eq(leadReferrals.leadId, lead.id),
        eq(leadReferrals.status, 'accepted'),
        or(
          and(eq(leadReferrals.fromBranchId, property.branchId), eq(leadReferrals.toBranchId, lead.branchId)),
          and(eq(leadReferrals.fromBranchId, lead.branchId), eq(leadReferrals.toBranchId, property.branchId)),
        ),
      ),
    )
    .limit(1);
  if (referral) return;
  const message = DEAL_MESSAGES.propertyOfOtherBranch(property.branchName);
  throw badRequest(message, { propertyId: message });
}
