import { describe, expect, it } from 'vitest';
import { bodyOfDraft, EMPTY_DRAFT } from './activity-form';

describe('bodyOfDraft', () => {
  it('sends only the fields a kind takes: a call is its note', () => {
    expect(bodyOfDraft('call', { ...EMPTY_DRAFT, note: ' חזר אליי ', amount: '5' })).toEqual({
      note: 'חזר אליי',
    });
  });

  it('reads shekels as typed, with separators and the sign', () => {
    expect(bodyOfDraft('priceOffer', { ...EMPTY_DRAFT, amount: '1,250,000 ₪' })).toEqual({
      note: '',
      amount: 1_250_000,
    });
  });

  it('an offer without an amount still sends it (null), so the server names the missing field', () => {
    expect(bodyOfDraft('priceOffer', EMPTY_DRAFT)).toEqual({ note: '', amount: null });
    expect(bodyOfDraft('priceUpdate', EMPTY_DRAFT)).toEqual({ note: '' });
  });

  it('a deal carries price, commission and the second agent with its part', () => {
    expect(
      bodyOfDraft('deal', {
        ...EMPTY_DRAFT,
        price: '2,000,000',
        commission: '40000',
        secondAgentId: 'a2',
        secondAgentCommission: '15000',
        occurredAt: '2026-11-20T10:30',
      }),
    ).toEqual({
      note: '',
      occurredAt: '2026-11-20T10:30',
      price: 2_000_000,
      commission: 40_000,
      secondAgentId: 'a2',
      secondAgentCommission: 15_000,
    });
    expect(bodyOfDraft('deal', { ...EMPTY_DRAFT, secondAgentCommission: '100' })).toEqual({
      note: '',
      price: null,
      buyerSideFee: null,
      buyerSideFeeIncludesVat: false,
      sellerSideFee: null,
      sellerSideFeeIncludesVat: false,
    });
  });

  it('a deal typed per side sends each side with its VAT choice; an old one-figure deal edited moves to the sides', () => {
    const draft = {
      ...EMPTY_DRAFT,
      price: '1000000',
      buyerSideFee: '11,800',
      buyerSideFeeIncludesVat: 'yes',
    };
    expect(bodyOfDraft('deal', draft)).toEqual({
      note: '',
      price: 1_000_000,
      buyerSideFee: 11_800,
      buyerSideFeeIncludesVat: true,
      sellerSideFee: null,
      sellerSideFeeIncludesVat: false,
    });
    expect(bodyOfDraft('deal', draft, true)).toMatchObject({ buyerSideFee: 11_800, commission: null });
  });
});
