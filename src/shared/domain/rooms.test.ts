import { describe, expect, it } from 'vitest';
import { kindWithRooms, roomsText } from './rooms';

describe('rooms in Hebrew', () => {
  it('says one room as חדר אחד, never 1 חדרים', () => {
    expect(roomsText(1)).toBe('חדר אחד');
    expect(kindWithRooms('דירה', 1)).toBe('דירת חדר אחד');
    expect(kindWithRooms('משרדים', 1)).toBe('משרדים חדר אחד');
  });

  it('counts other numbers, halves included', () => {
    expect(roomsText(1.5)).toBe('1.5 חדרים');
    expect(roomsText(2)).toBe('2 חדרים');
    expect(kindWithRooms('דירה', 4)).toBe('דירת 4 חדרים');
    expect(kindWithRooms('וילה', 6)).toBe('וילה 6 חדרים');
  });

  it('leaves land and properties without rooms as their category', () => {
    expect(kindWithRooms('שטח', 3)).toBe('שטח');
    expect(kindWithRooms('בית', null)).toBe('בית');
  });
});
