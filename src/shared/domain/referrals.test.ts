import { describe, expect, it } from 'vitest';
import { referralReason } from './referrals';

describe('referralReason', () => {
  it('names both branches and the fee, with the word "branch" once', () => {
    expect(referralReason('חיפה', 'הרצליה', 25)).toBe('הופנה מסניף חיפה לסניף הרצליה, עמלת הפניה 25%');
    expect(referralReason('סניף חיפה', 'משרד ראשי תל אביב', 30)).toBe(
      'הופנה מסניף חיפה למשרד ראשי תל אביב, עמלת הפניה 30%',
    );
    expect(referralReason('North', 'סניף הרצליה', 0)).toBe('הופנה מסניף North לסניף הרצליה, עמלת הפניה 0%');
  });
});
