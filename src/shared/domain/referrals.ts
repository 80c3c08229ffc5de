import { withPrefix } from './prefix';

/** A lead's referral to another branch (docs/decisions/0044-lead-referrals.md). */
export const REFERRAL_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: 'ממתינה להחלטה',
  accepted: 'אושרה',
  declined: 'נדחתה',
};

/** The network's default referral fee until a network admin sets another (agency settings). */
export const DEFAULT_REFERRAL_FEE_PERCENT = 25;

/** A branch as the sentence names it: "סניף חיפה" for "חיפה", a name that says what it is ("משרד ראשי...") as it is. */
export const branchPhrase = (name: string) => (/^(סניף|משרד)\s/.test(name) ? name : `סניף ${name}`);

/**
 * The routing reason and timeline entry of an accepted referral: "הופנה מסניף חיפה לסניף הרצליה, עמלת הפניה 25%".
 */
export const referralReason = (fromBranch: string, toBranch: string, feePercent: number) =>
  `הופנה ${withPrefix('מ', branchPhrase(fromBranch))} ${withPrefix('ל', branchPhrase(toBranch))}, עמלת הפניה ${feePercent}%`;
