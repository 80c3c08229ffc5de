import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID_MESSAGE } from '../domain/email';
import { LEAD_CATEGORIES } from '../domain/lead-categories';
import { PHONE_INVALID_MESSAGE } from '../domain/phone';
import { jobApplicationBodySchema, leadBodySchema } from './leads';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('leadBodySchema', () => {
  it('accepts a lead with a Hebrew category and trims it', () => {
    const parsed = leadBodySchema.parse({
      name: ' דנה ',
      phone: '972 50 123 4567',
      category: LEAD_CATEGORIES.seller,
    });
    expect(parsed).toEqual({ name: 'דנה', phone: '972 50 123 4567', category: 'מוכר' });
  });
  it('puts the SPEC phone message on the phone field', () => {
    const result = leadBodySchema.safeParse({ name: 'דנה', phone: '0401234567', category: 'קונה' });
    expect(messages(result)).toEqual({ phone: PHONE_INVALID_MESSAGE });
  });
  it('requires name and phone, and a known category', () => {
    const result = leadBodySchema.safeParse({ name: '  ', phone: '', category: 'buyer' });
    expect(messages(result)).toEqual({
      name: 'יש להזין שם',
      phone: 'יש להזין מספר טלפון',
      category: 'יש לבחור קטגוריה',
    });
  });
});

describe('the lead category', () => {
  it("accepts the original form's 'משכיר' as rental", () => {
    const parsed = leadBodySchema.parse({ name: 'דנה', phone: '050-1234567', category: ' משכיר ' });
    expect(parsed.category).toBe('השכרה');
  });
  it.each([[''], ['  '], [undefined]])('answers %j with the Hebrew required message', (category) => {
    const result = leadBodySchema.safeParse({ name: 'דנה', phone: '050-1234567', category });
    expect(messages(result)).toEqual({ category: 'יש לבחור קטגוריה' });
  });
});

describe('jobApplicationBodySchema', () => {
  it('applies the three rules with their Hebrew messages', () => {
    expect(messages(jobApplicationBodySchema.safeParse({}))).toEqual({
      fullName: 'יש להזין שם מלא',
      phone: 'יש להזין מספר טלפון',
      email: 'יש להזין כתובת מייל',
    });
    const bad = jobApplicationBodySchema.safeParse({ fullName: 'רות', phone: '05012345', email: 'a@b' });
    expect(messages(bad)).toEqual({ phone: PHONE_INVALID_MESSAGE, email: EMAIL_INVALID_MESSAGE });
    const empty = jobApplicationBodySchema.safeParse({ fullName: '', phone: ' ', email: '' });
    expect(empty.error?.issues).toHaveLength(3);
  });
  it('accepts a valid application', () => {
    const ok = { fullName: 'רות', phone: '+972501234567', email: 'ruth@example.com' };
    expect(jobApplicationBodySchema.parse(ok)).toEqual(ok);
  });
});
