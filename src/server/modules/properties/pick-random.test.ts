import { describe, expect, it } from 'vitest';
import { pickRandom } from './reads';

describe('pickRandom', () => {
  it('draws distinct items, at most the count asked for', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    for (let run = 0; run < 20; run++) {
      const picked = pickRandom(items, 5);
      expect(picked).toHaveLength(5);
      expect(new Set(picked).size).toBe(5);
      for (const item of picked) expect(items).toContain(item);
    }
    expect(items).toHaveLength(50);
  });
  it('returns everything (in some order) when there are fewer items than asked', () => {
    expect(pickRandom(['a', 'b'], 5).sort()).toEqual(['a', 'b']);
    expect(pickRandom([], 5)).toEqual([]);
  });
  it('varies between calls', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const draws = new Set(Array.from({ length: 10 }, () => pickRandom(items, 5).join(',')));
    expect(draws.size).toBeGreaterThan(1);
  });
});
