import { describe, expect, it } from 'vitest';
import { nearestInDirection } from './board-keyboard';

// Seven columns right to left, 200 px wide, as on a desktop in Hebrew.
const columns = Array.from({ length: 7 }, (_, i) => ({
  id: i,
  left: 1400 - (i + 1) * 210,
  top: 100,
  width: 200,
  height: 600,
}));
const centreOf = (i: number) => ({ x: columns[i]!.left + 100, y: 200 });

describe('nearestInDirection', () => {
  it('carries a card to the next column on screen in the arrow direction, not to itself', () => {
    expect(nearestInDirection(columns, centreOf(2), -1, 0)?.id).toBe(3);
    expect(nearestInDirection(columns, centreOf(2), 1, 0)?.id).toBe(1);
  });

  it('stops at the edge: nothing beyond the last column', () => {
    expect(nearestInDirection(columns, centreOf(6), -1, 0)).toBeUndefined();
    expect(nearestInDirection(columns, centreOf(0), 1, 0)).toBeUndefined();
  });

  it('moves between stacked columns (a phone) with the up and down arrows', () => {
    const stacked = Array.from({ length: 3 }, (_, i) => ({
      id: i,
      left: 0,
      top: i * 300,
      width: 360,
      height: 280,
    }));
    expect(nearestInDirection(stacked, { x: 180, y: 140 }, 0, 1)?.id).toBe(1);
    expect(nearestInDirection(stacked, { x: 180, y: 440 }, 0, -1)?.id).toBe(0);
    expect(nearestInDirection(stacked, { x: 180, y: 440 }, 1, 0)).toBeUndefined();
  });
});
