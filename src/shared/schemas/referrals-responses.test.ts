import { describe, expect, it } from 'vitest';
import {
  acceptReferralSchema,
  createReferralSchema,
  declineReferralSchema,
  REFERRAL_MESSAGES,
  type Referral,
  referralListResponseSchema,
  referralOptionsResponseSchema,
  referralResponseSchema,
} from './referrals';

// Example answers and bodies of the referral routes, as the screens send and receive them.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const referral: Referral = {
  _id: id(1),
  lead: { _id: id(2), name: 'ישראל ישראלי', category: 'קונה' },
  fromBranch: { _id: id(3), name: 'סניף חיפה', slug: 'haifa' },
  toBranch: { _id: id(4), name: 'סניף הרצליה', slug: 'herzliya' },
  feePercent: 25,
  note: 'גר בהרצליה',
  status: 'declined',
  declineReason: 'אין סוכן פנוי',
  referredBy: { _id: id(5), name: 'זכיינית חיפה' },
  decidedBy: { _id: id(6), name: 'מנהלת הרצליה' },
  createdAt: '2026-11-29T10:00:00.000Z',
  decidedAt: '2026-11-29T11:00:00.000Z',
  canDecide: false,
  canOpenLead: true,
};

describe('referral answers', () => {
  it('parse through their response schemas', () => {
    expect(referralResponseSchema.parse({ status: 'success', data: { referral } }).data.referral).toEqual(
      referral,
    );
    const pending = { ...referral, status: 'pending', declineReason: null, decidedBy: null, decidedAt: null };
    expect(
      referralListResponseSchema.parse({ status: 'success', data: { referrals: [pending, referral] } }).data
        .referrals,
    ).toHaveLength(2);
    expect(
      referralOptionsResponseSchema.parse({
        status: 'success',
        data: { branches: [{ _id: id(4), name: 'סניף הרצליה' }], defaultFeePercent: 25 },
      }).data.defaultFeePercent,
    ).toBe(25);
  });

  it('refuses an unknown status', () => {
    expect(
      referralResponseSchema.safeParse({
        status: 'success',
        data: { referral: { ...referral, status: 'x' } },
      }).success,
    ).toBe(false);
  });
});

describe('referral bodies', () => {
  it('read the fee from a form control and refuse a fee outside 0-100 in Hebrew', () => {
    expect(createReferralSchema.parse({ toBranchId: id(4), feePercent: '30' })).toEqual({
      toBranchId: id(4),
      feePercent: 30,
      note: '',
    });
    for (const feePercent of [-1, 101, 2.5, 'abc', '']) {
      const result = createReferralSchema.safeParse({ toBranchId: id(4), feePercent });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(REFERRAL_MESSAGES.fee);
    }
  });

  it('require a decline reason, and accept without a chosen agent', () => {
    expect(declineReferralSchema.safeParse({ reason: ' \u200f ' }).error?.issues[0]?.message).toBe(
      REFERRAL_MESSAGES.reasonRequired,
    );
    expect(declineReferralSchema.safeParse({}).error?.issues[0]?.message).toBe(
      REFERRAL_MESSAGES.reasonRequired,
    );
    expect(acceptReferralSchema.parse({})).toEqual({});
  });
});
