import { describe, expect, it } from 'vitest';
import {
  actionsRefusal,
  addMonths,
  EXCLUSIVITY_MESSAGES,
  endNoticeDate,
  maxTermMonths,
  overlapMessage,
  termRefusal,
  termsOverlap,
  thirdOfTermDate,
} from './exclusivity';

describe('addMonths', () => {
  it('keeps the day of the month when the target month has it', () => {
    expect(addMonths('2026-01-15', 6)).toBe('2026-07-15');
    expect(addMonths('2026-09-30', 12)).toBe('2027-09-30');
  });
  it('holds a month-end start to the last day of a shorter month, leap years included', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-12-31', 6)).toBe('2027-06-30');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });
  it('crosses the year', () => {
    expect(addMonths('2026-11-01', 12)).toBe('2027-11-01');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });
});

describe('the term rule', () => {
  it('holds a dwelling to 6 months and anything else to 12', () => {
    expect(maxTermMonths('דירה')).toBe(6);
    expect(maxTermMonths('בית')).toBe(6);
    expect(maxTermMonths('משרדים')).toBe(12);
    expect(maxTermMonths('מסחרי')).toBe(12);
  });
  it('accepts exactly 6 months for an apartment and refuses a day more, on the end field', () => {
    expect(termRefusal('דירה', '2026-08-31', '2027-02-28')).toBeNull();
    expect(termRefusal('דירה', '2026-08-31', '2027-03-01')).toEqual({
      field: 'termEnd',
      message: EXCLUSIVITY_MESSAGES.termDwelling,
    });
  });
  it('accepts 12 months for offices and refuses beyond with its own reason', () => {
    expect(termRefusal('משרדים', '2026-02-28', '2027-02-28')).toBeNull();
    expect(termRefusal('משרדים', '2026-02-28', '2027-03-01')?.message).toBe(EXCLUSIVITY_MESSAGES.termOther);
    expect(termRefusal('משרדים', '2026-01-01', '2026-12-31')).toBeNull();
  });
  it('refuses an end on or before the start and dates that do not exist', () => {
    expect(termRefusal('דירה', '2026-03-01', '2026-03-01')?.message).toBe(EXCLUSIVITY_MESSAGES.termOrder);
    expect(termRefusal('דירה', '2026-02-30', '2026-05-01')?.field).toBe('termStart');
    expect(termRefusal('דירה', '2026-02-01', '2026-04-31')?.field).toBe('termEnd');
  });
});

describe('the committed actions', () => {
  it('needs at least two different actions from the list', () => {
    expect(actionsRefusal(['sign', 'internet'])).toBeNull();
    expect(actionsRefusal(['sign'])).toBe(EXCLUSIVITY_MESSAGES.actionsMin);
    expect(actionsRefusal(['sign', 'sign'])).toBe(EXCLUSIVITY_MESSAGES.actionsMin);
    expect(actionsRefusal([])).toBe(EXCLUSIVITY_MESSAGES.actionsMin);
    expect(actionsRefusal(['sign', 'radio'])).toBe(EXCLUSIVITY_MESSAGES.actionUnknown);
  });
});

describe('the notice dates', () => {
  it('names the day a third of the term has passed and the week before the end', () => {
    expect(thirdOfTermDate('2026-01-01', '2026-01-31')).toBe('2026-01-11');
    expect(thirdOfTermDate('2026-01-01', '2026-07-01')).toBe('2026-03-03');
    expect(endNoticeDate('2026-03-03')).toBe('2026-02-24');
  });
});

describe('overlapping terms', () => {
  it('share a day unless one starts on the day the other ends', () => {
    const held = { start: '2026-12-01', end: '2027-03-01' };
    expect(termsOverlap(held, { start: '2027-02-28', end: '2027-05-01' })).toBe(true);
    expect(termsOverlap(held, { start: '2026-11-01', end: '2026-12-02' })).toBe(true);
    expect(termsOverlap(held, { start: '2027-03-01', end: '2027-06-01' })).toBe(false);
    expect(termsOverlap(held, { start: '2026-10-01', end: '2026-12-01' })).toBe(false);
  });

  it('are refused with the running term and the first free day', () => {
    expect(overlapMessage({ termStart: '2026-12-01', termEnd: '2027-03-01' })).toBe(
      'לנכס יש בלעדיות חתומה בתוקף מ־01.12.2026 עד 01.03.2027, החופפת לתקופה הזו. ' +
        'אפשר להתחיל בלעדיות חדשה ב־01.03.2027 או אחריו, או ליצור בלעדיות מתקנת שמחליפה אותה.',
    );
  });
});
