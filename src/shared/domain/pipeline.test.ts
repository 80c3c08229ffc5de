import { describe, expect, it } from 'vitest';
import {
  conversionRate,
  isOpenStatus,
  isOverdue,
  LEAD_STATUS_LABELS,
  LOSS_REASON_LABELS,
  percentile,
} from './pipeline';

const now = new Date('2026-12-01T10:00:00Z');

describe('the pipeline', () => {
  it('has the seven Hebrew stages in board order and the five loss reasons', () => {
    expect(Object.values(LEAD_STATUS_LABELS)).toEqual([
      'חדש',
      'נוצר קשר',
      'נקבעה פגישה',
      'סיור/ביקור בנכס',
      'הצעת מחיר',
      'עסקה',
      'לא רלוונטי',
    ]);
    expect(Object.values(LOSS_REASON_LABELS)).toEqual([
      'לא עונה',
      'קנה/שכר דרך אחר',
      'תקציב לא מתאים',
      'לא רציני',
      'אחר',
    ]);
  });

  it('closes at a deal and at not relevant', () => {
    expect(isOpenStatus('offer')).toBe(true);
    expect(isOpenStatus('deal')).toBe(false);
    expect(isOpenStatus('lost')).toBe(false);
  });

  it('is overdue one millisecond after the next touch, not at it, and never once closed', () => {
    expect(isOverdue({ status: 'contacted', nextTouchAt: '2026-12-01T09:59:59.999Z' }, now)).toBe(true);
    expect(isOverdue({ status: 'contacted', nextTouchAt: now }, now)).toBe(false);
    expect(isOverdue({ status: 'deal', nextTouchAt: '2026-11-01T00:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'new', nextTouchAt: null }, now)).toBe(false);
  });
});

describe('figures', () => {
  it('takes percentiles by the nearest rank', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 90)).toBe(7);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
  });
  it('converts deals over received leads, 0 with none', () => {
    expect(conversionRate(1, 4)).toBe(0.25);
    expect(conversionRate(0, 0)).toBe(0);
  });
});
