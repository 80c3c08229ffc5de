import { distanceMeters } from '@shared/domain/geo';
import { createPropertySchema } from '@shared/schemas/property';
import { describe, expect, it } from 'vitest';
import { demoDescription, demoListings } from './listings';

describe('the demo listings', () => {
  it('each passes the rules a property entered through the API must pass', () => {
    for (const listing of demoListings()) {
      const { pinuyBinuy, imageCount: _images, lat, lng, ...fields } = listing;
      const result = createPropertySchema.safeParse({
        ...fields,
        pinuy_binuy: pinuyBinuy,
        location: { lat, lng },
      });
      expect(result.error?.issues ?? [], JSON.stringify(listing)).toEqual([]);
    }
  });

  it('describes each category in its own gender and number, and one room as חדר אחד', () => {
    expect(demoDescription('דירה', 3, 'הרצל', 'חיפה')).toMatch(
      /^דירה מוארת ומרווחת של 3 חדרים בהרצל, חיפה\. קרובה /,
    );
    expect(demoDescription('פנטהאוז', 5, 'הרצל', 'חיפה')).toMatch(/^פנטהאוז מואר ומרווח .* קרוב /);
    expect(demoDescription('משרדים', 4, 'הרצל', 'חיפה')).toMatch(/^משרדים מוארים ומרווחים .* קרובים /);
    expect(demoDescription('דירה', 1, 'הרצל', 'חיפה')).toContain('של חדר אחד ב');
    for (const listing of demoListings()) {
      const masculine = ['פנטהאוז', "קוטג'", 'דו משפחתי'].includes(listing.category);
      expect(listing.description.includes('מוארת'), listing.description).toBe(
        !masculine && listing.category !== 'משרדים',
      );
    }
  });

  it('never contradicts itself: renovated beside needs renovation, a lift in a house, a low penthouse', () => {
    const listings = demoListings();
    for (const l of listings) {
      const where = JSON.stringify(l);
      if (l.propertyCondition === 'דרוש שיפוץ') expect(l.features, where).not.toContain('משופצת');
      if (!['דירה', 'פנטהאוז', 'משרדים'].includes(l.category))
        expect(l.features, where).not.toContain('מעלית');
      if (l.category === 'פנטהאוז') expect(Number(l.floor), where).toBeGreaterThanOrEqual(8);
      if (l.floor !== 'קרקע' && l.category !== 'פנטהאוז') expect(Number(l.floor), where).toBeLessThan(8);
      expect(l.description, where).toContain(l.rooms === 1 ? 'חדר אחד' : `${l.rooms} חדרים`);
    }
    expect(listings.some((l) => l.category === 'פנטהאוז')).toBe(true);
  });

  it("places each listing in its own city: nearer its city's middle than any other demo city's", () => {
    const listings = demoListings();
    const cities = [...new Set(listings.map((l) => l.city))];
    const middle = (city: string) => {
      const here = listings.filter((l) => l.city === city);
      return {
        lat: here.reduce((sum, l) => sum + l.lat, 0) / here.length,
        lng: here.reduce((sum, l) => sum + l.lng, 0) / here.length,
      };
    };
    const middles = new Map(cities.map((c) => [c, middle(c)]));
    for (const l of listings) {
      const own = distanceMeters(l, middles.get(l.city)!);
      expect(own, `${l.city} ${l.address}`).toBeLessThan(1_500);
      for (const [city, m] of middles)
        if (city !== l.city) expect(distanceMeters(l, m), `${l.city} near ${city}`).toBeGreaterThan(own);
    }
    expect(new Set(listings.map((l) => `${l.lat},${l.lng}`)).size).toBe(listings.length);
  });
});
