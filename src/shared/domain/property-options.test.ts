import { describe, expect, it } from 'vitest';
import { floorValue, isPlausibleRooms, MAX_FLOOR, MIN_FLOOR } from './property-options';

describe('floorValue', () => {
  it('keeps the floor words and whole floors written plainly', () => {
    expect(floorValue('קרקע')).toBe('קרקע');
    expect(floorValue(' מרתף ')).toBe('מרתף');
    expect(floorValue(' 3 ')).toBe('3');
    expect(floorValue('03')).toBe('3');
    expect(floorValue('-1')).toBe('-1');
    expect(floorValue(String(MIN_FLOOR))).toBe('-5');
    expect(floorValue(String(MAX_FLOOR))).toBe('100');
  });

  it('refuses anything else', () => {
    for (const text of ['-6', '101', '1000', '3.5', '1e2', '0x3', 'שלישית', '', ' ', '3א'])
      expect(floorValue(text), text).toBeNull();
  });
});

describe('isPlausibleRooms', () => {
  it('counts rooms in halves from 1 to 20', () => {
    for (const rooms of [1, 1.5, 3.5, 20]) expect(isPlausibleRooms(rooms), String(rooms)).toBe(true);
    for (const rooms of [0, 0.5, 20.5, 21, 3.3, -2])
      expect(isPlausibleRooms(rooms), String(rooms)).toBe(false);
  });
});
