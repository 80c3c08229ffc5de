import { describe, expect, it } from 'vitest';
import { properties } from './properties';
import { reports } from './reports';

describe('counts in the web texts', () => {
  it('shows a report count above the expected as such', () => {
    expect(reports.countOf(1, 4)).toBe('1 מתוך 4 דוחות');
    expect(reports.countOf(4, 4)).toBe('4 מתוך 4 דוחות');
    expect(reports.countOf(7, 4)).toBe('7 דוחות, 4 נדרשים');
  });

  it('reads the property counts right in the singular and the plural', () => {
    const { filters, wizard, images } = properties;
    expect(filters.activeCount(0)).toBe('אין מסננים פעילים');
    expect(filters.activeCount(1)).toBe('מסנן פעיל אחד');
    expect(filters.activeCount(2)).toBe('2 מסננים פעילים');
    expect(filters.total(1)).toBe('נמצא נכס אחד');
    expect(filters.total(1_200)).toBe('נמצאו 1,200 נכסים');
    expect(filters.total(500, true)).toBe('נמצאו יותר מ-500 נכסים; צמצמו את החיפוש כדי לראות את כולם');
    expect(filters.suggestions(1)).toBe('הצעה אחת זמינה');
    expect(filters.suggestions(3)).toBe('3 הצעות זמינות');
    expect(wizard.selected(1)).toBe('תמונה אחת נבחרה');
    expect(wizard.selected(4)).toBe('4 תמונות נבחרו');
    expect(images.room(1)).toBe('אפשר להוסיף עוד תמונה אחת.');
    expect(images.room(2)).toBe('אפשר להוסיף עוד 2 תמונות.');
    expect(images.tooMany(1)).toBe('אפשר להוסיף רק עוד תמונה אחת');
    expect(images.tooMany(5)).toBe('אפשר להוסיף רק עוד 5 תמונות');
  });
});
