import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addDays, israelWallTime } from '../domain/israel-calendar';
import { israelDate } from '../domain/israel-time';
import { createActivitySchema, updateActivitySchema } from './activities';
import { leadSettingsSchema, updateAvailabilitySchema } from './lead-settings';
import { mobilePhone } from './leads';
import { createLeadSchema, leadExportQuerySchema, updateLeadSchema } from './pipeline';
import { valuationBodySchema } from './valuation';

/** The field messages of a failed parse, by path (as the server's fieldErrors carry them). */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const lead = { name: 'דנה כהן', phone: '050-123-4567', category: 'קונה' };

describe('a lead added by hand', () => {
  it('takes a next touch from now on, and refuses one in the past', () => {
    expect(createLeadSchema.safeParse({ ...lead, nextTouchAt: inAnHour() }).success).toBe(true);
    expect(fieldErrors(createLeadSchema, { ...lead, nextTouchAt: anHourAgo() })).toEqual({
      nextTouchAt: 'המועד למגע הבא כבר עבר',
    });
  });

  it('reads a time without a zone as Israel time', () => {
    const day = addDays(israelDate(), 2);
    const parsed = createLeadSchema.parse({ ...lead, nextTouchAt: `${day}T09:30` });
    expect(parsed.nextTouchAt).toEqual(israelWallTime(day, 570));
  });

  it('refuses a malformed phone and a time that does not exist, in Hebrew', () => {
    expect(fieldErrors(createLeadSchema, { ...lead, phone: '03-1234567' })).toEqual({
      phone: 'מספר הטלפון אינו תקין, נסה שוב.',
    });
    expect(fieldErrors(createLeadSchema, { ...lead, nextTouchAt: '2099-02-30T10:00' })).toEqual({
      nextTouchAt: 'מועד לא תקין',
    });
  });

  it('stores a pasted phone without its invisible marks', () => {
    expect(mobilePhone.parse('\u200F050\u00A0123-4567\u200E')).toBe('050123-4567');
  });
});

describe('moving a lead', () => {
  it('refuses an unknown status', () => {
    expect(fieldErrors(updateLeadSchema, { status: 'won' })).toEqual({ status: 'סטטוס לא מוכר' });
  });
  it('needs a reason to move to not relevant, and a text for "other"', () => {
    expect(fieldErrors(updateLeadSchema, { status: 'lost' })).toEqual({ lossReason: 'יש לבחור סיבה' });
    expect(fieldErrors(updateLeadSchema, { status: 'lost', lossReason: 'maybe' })).toEqual({
      lossReason: 'סיבה לא מוכרת',
    });
    expect(fieldErrors(updateLeadSchema, { status: 'lost', lossReason: 'other' })).toEqual({
      lossText: 'יש לפרט את הסיבה',
    });
    expect(updateLeadSchema.safeParse({ status: 'lost', lossReason: 'budget' }).success).toBe(true);
  });
  it('may clear the next touch', () => {
    expect(updateLeadSchema.parse({ nextTouchAt: null }).nextTouchAt).toBeNull();
  });
});

describe('activities', () => {
  it('are logged with a kind alone', () => {
    expect(createActivitySchema.parse({ kind: 'call' })).toMatchObject({ kind: 'call', note: '' });
  });
  it('refuse an unknown kind and a time in the future', () => {
    expect(fieldErrors(createActivitySchema, { kind: 'lunch' })).toEqual({ kind: 'סוג פעילות לא מוכר' });
    expect(fieldErrors(createActivitySchema, { kind: 'call', occurredAt: inAnHour() })).toEqual({
      occurredAt: 'לא ניתן לרשום פעילות במועד עתידי',
    });
  });
  it('need an offer amount, and a deal price and commission', () => {
    expect(fieldErrors(createActivitySchema, { kind: 'priceOffer' })).toEqual({
      amount: 'יש להזין את סכום ההצעה',
    });
    expect(fieldErrors(createActivitySchema, { kind: 'deal', commission: 1000 })).toEqual({
      price: 'יש להזין את מחיר העסקה',
    });
    expect(
      createActivitySchema.safeParse({ kind: 'deal', price: 2_000_000, commission: 40_000 }).success,
    ).toBe(true);
  });
  it('take amounts from 0 to 1,000,000,000 ₪ exactly', () => {
    const offer = (amount: unknown) => fieldErrors(createActivitySchema, { kind: 'priceOffer', amount });
    expect(offer(1_000_000_000)).toEqual({});
    expect(offer(0)).toEqual({});
    expect(offer('1500000')).toEqual({});
    expect(offer(1_000_000_001)).toEqual({ amount: 'הסכום גבוה מדי (עד 1,000,000,000 ₪)' });
    expect(offer(-1)).toEqual({ amount: 'הסכום אינו יכול להיות שלילי' });
    expect(offer(10.5)).toEqual({ amount: 'יש להזין סכום בש"ח, מספר שלם' });
  });
  it('split a commission only with a second agent, never beyond the commission', () => {
    const deal = { kind: 'deal', price: 1_000_000, commission: 20_000 };
    expect(fieldErrors(createActivitySchema, { ...deal, secondAgentCommission: 5000 })).toEqual({
      secondAgentId: 'יש לבחור את הסוכן השני',
    });
    const second = '0b0c7a4e-1d2f-4a8b-9c3d-2e1f0a9b8c7d';
    expect(
      fieldErrors(createActivitySchema, { ...deal, secondAgentId: second, secondAgentCommission: 20_001 }),
    ).toEqual({ secondAgentCommission: 'חלקו של הסוכן השני גדול מהעמלה כולה' });
    expect(
      fieldErrors(createActivitySchema, { ...deal, secondAgentId: second, secondAgentCommission: 20_000 }),
    ).toEqual({});
  });
  it('refuse amounts a kind does not take', () => {
    expect(fieldErrors(createActivitySchema, { kind: 'call', amount: 5 })).toEqual({
      amount: 'לסוג פעילות זה אין סכום',
    });
    expect(fieldErrors(createActivitySchema, { kind: 'meeting', price: 5 })).toEqual({
      price: 'לסוג פעילות זה אין סכום',
    });
  });
  it('keep their kind when corrected', () => {
    expect(fieldErrors(updateActivitySchema, { kind: 'deal' })).toEqual({
      kind: 'לא ניתן לשנות את סוג הפעילות: יש למחוק ולרשום מחדש',
    });
  });
});

describe('the CSV export range', () => {
  it('takes up to 366 days and refuses one more, in Hebrew, on the end date', () => {
    expect(leadExportQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(fieldErrors(leadExportQuerySchema, { from: '2025-01-01', to: '2026-01-02' })).toEqual({
      to: 'טווח התאריכים ארוך מדי (עד 366 ימים)',
    });
    expect(fieldErrors(leadExportQuerySchema, { from: '2026-02-01', to: '2026-01-01' })).toEqual({
      to: 'תאריך הסיום לפני תאריך ההתחלה',
    });
  });
});

describe('settings and availability', () => {
  const settings = {
    rules: ['propertyAgent', 'roundRobin'],
    cityAgents: [],
    slaMinutes: 15,
    officeHours: { opens: '09:00', closes: '16:00' },
  };
  it('accept an ordered rule list, and refuse a rule twice or an unknown one', () => {
    expect(leadSettingsSchema.safeParse(settings).success).toBe(true);
    expect(fieldErrors(leadSettingsSchema, { ...settings, rules: ['roundRobin', 'roundRobin'] })).toEqual({
      rules: 'כל כלל יכול להופיע פעם אחת',
    });
    expect(fieldErrors(leadSettingsSchema, { ...settings, rules: ['lottery'] })).toEqual({
      'rules.0': 'כלל ניתוב לא מוכר',
    });
  });
  it('take an SLA from 1 to 480 minutes and hours that close after they open', () => {
    expect(fieldErrors(leadSettingsSchema, { ...settings, slaMinutes: 0 })).toEqual({
      slaMinutes: 'יש להזין מספר דקות שלם בין 1 ל-480',
    });
    expect(leadSettingsSchema.safeParse({ ...settings, slaMinutes: 480 }).success).toBe(true);
    expect(
      fieldErrors(leadSettingsSchema, { ...settings, officeHours: { opens: '16:00', closes: '09:00' } }),
    ).toEqual({
      'officeHours.closes': 'שעת הסגירה חייבת להיות אחרי שעת הפתיחה',
    });
  });
  it('refuse a leave that ends before it starts', () => {
    expect(
      fieldErrors(updateAvailabilitySchema, { leaveFrom: '2026-12-10', leaveUntil: '2026-12-01' }),
    ).toEqual({
      leaveUntil: 'סוף החופשה לפני תחילתה',
    });
  });
});

describe('a valuation request', () => {
  const valuation = {
    name: 'דנה',
    phone: '0501234567',
    city: 'חיפה',
    street: 'מוריה',
    rooms: '3.5',
    size: '90',
  };
  it('takes city, street, rooms, size and phone', () => {
    expect(valuationBodySchema.parse(valuation)).toMatchObject({ rooms: 3.5, size: 90 });
  });
  it('refuses rooms that are not whole or half, and a size out of range', () => {
    expect(fieldErrors(valuationBodySchema, { ...valuation, rooms: '3.3' })).toEqual({
      rooms: 'יש להזין מספר חדרים בין 1 ל-20 (אפשר חצאים)',
    });
    expect(fieldErrors(valuationBodySchema, { ...valuation, size: '9' })).toEqual({
      size: 'יש להזין גודל במ"ר, מספר שלם בין 10 ל-10,000',
    });
  });
});
