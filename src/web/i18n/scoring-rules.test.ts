import { describe, expect, it } from 'vitest';
import { scoringRules } from './scoring-rules';

describe('scoringRules', () => {
  it('reads the SPEC lines from the weights in use', () => {
    expect(scoringRules()).toEqual([
      'כל עסקה = 5 נקודות',
      'כל בלעדיות = 3 נקודות',
      'כל הצעת מחיר = 2 נקודות',
      'כל פגישה, עדכון מחיר או סיור קונים = נקודה אחת לכל פעולה',
    ]);
  });

  it('follows a change of weights', () => {
    const rules = scoringRules({
      meetings: 2,
      exclusives: 4,
      priceUpdates: 1,
      buyerTours: 2,
      priceOffers: 1,
      deals: 10,
    });
    expect(rules).toEqual([
      'כל עסקה = 10 נקודות',
      'כל בלעדיות = 4 נקודות',
      'כל פגישה או סיור קונים = 2 נקודות לכל פעולה',
      'כל עדכון מחיר או הצעת מחיר = נקודה אחת לכל פעולה',
    ]);
  });
});
