import { describe, expect, it } from 'vitest';
import {
  codeLockedMessage,
  codeWrongMessage,
  effectiveStatus,
  feeRefusal,
  feeText,
  ORDER_MESSAGES,
  sideOfLead,
  storedFee,
} from './brokerage-order';

describe('fee rules', () => {
  it('accepts a positive sum and a percentage up to exactly 100', () => {
    expect(feeRefusal('amount', 5000)).toBeNull();
    expect(feeRefusal('amount', 0.01)).toBeNull();
    expect(feeRefusal('percent', 2)).toBeNull();
    expect(feeRefusal('percent', 100)).toBeNull();
  });

  it('refuses a percentage one step past 100', () => {
    expect(feeRefusal('percent', 100.01)).toBe(ORDER_MESSAGES.feePercentMax);
  });

  it('refuses zero and negative fees, with their own messages', () => {
    expect(feeRefusal('amount', 0)).toBe(ORDER_MESSAGES.fee);
    expect(feeRefusal('percent', 0)).toBe(ORDER_MESSAGES.fee);
    expect(feeRefusal('amount', -1)).toBe(ORDER_MESSAGES.feeNegative);
    expect(feeRefusal('percent', -0.5)).toBe(ORDER_MESSAGES.feeNegative);
  });

  it('refuses more than two decimals and non-numbers', () => {
    expect(feeRefusal('percent', 1.505)).toBe(ORDER_MESSAGES.feeDecimals);
    expect(feeRefusal('amount', Number.NaN)).toBe(ORDER_MESSAGES.fee);
    expect(feeRefusal('amount', Number.POSITIVE_INFINITY)).toBe(ORDER_MESSAGES.fee);
  });

  it('stores a sum in agorot and a percentage in hundredths', () => {
    expect(storedFee('amount', 1234.56)).toEqual({ feeAgorot: 123456, feePercentHundredths: null });
    expect(storedFee('percent', 1.5)).toEqual({ feeAgorot: null, feePercentHundredths: 150 });
  });

  it('writes the fee in Hebrew with the VAT', () => {
    expect(feeText({ feeAgorot: null, feePercentHundredths: 150, vatIncluded: false })).toBe(
      '1.5% ממחיר העסקה, בתוספת מע״מ כחוק',
    );
    expect(feeText({ feeAgorot: 500000, feePercentHundredths: null, vatIncluded: true })).toContain('5,000');
    expect(feeText({ feeAgorot: 500000, feePercentHundredths: null, vatIncluded: true })).toContain(
      'כולל מע״מ',
    );
  });
});

describe('effective status', () => {
  const now = new Date('2026-11-29T10:00:00Z');
  it('shows a sent or opened order with an expired link as expired, at the exact expiry', () => {
    expect(effectiveStatus('sent', now, now)).toBe('expired');
    expect(effectiveStatus('opened', new Date(now.getTime() - 1), now)).toBe('expired');
  });
  it('keeps it sent one millisecond before expiry, and never changes signed or revoked', () => {
    expect(effectiveStatus('sent', new Date(now.getTime() + 1), now)).toBe('sent');
    expect(effectiveStatus('signed', new Date(0), now)).toBe('signed');
    expect(effectiveStatus('revoked', new Date(0), now)).toBe('revoked');
    expect(effectiveStatus('sent', null, now)).toBe('sent');
  });
});

describe('the side of a lead', () => {
  it('is seller or landlord for a seller, buyer or tenant otherwise', () => {
    expect(sideOfLead('מוכר', false)).toBe('seller');
    expect(sideOfLead('מוכר', true)).toBe('landlord');
    expect(sideOfLead('קונה', false)).toBe('buyer');
    expect(sideOfLead('השכרה', true)).toBe('tenant');
  });
});

describe('the one-time code messages', () => {
  it('count the tries left and the minutes to wait in Hebrew by number', () => {
    expect(codeWrongMessage(4)).toBe('הקוד שגוי. נשארו עוד 4 ניסיונות.');
    expect(codeWrongMessage(1)).toBe('הקוד שגוי. נשאר עוד ניסיון אחד.');
    expect(codeLockedMessage(15)).toBe('יותר מדי ניסיונות שגויים. אפשר לבקש קוד חדש בעוד 15 דקות.');
    expect(codeLockedMessage(1)).toBe('יותר מדי ניסיונות שגויים. אפשר לבקש קוד חדש בעוד דקה אחת.');
    expect(codeLockedMessage(2)).toBe('יותר מדי ניסיונות שגויים. אפשר לבקש קוד חדש בעוד שתי דקות.');
  });
});
