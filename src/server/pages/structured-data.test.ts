import type { Property } from '@shared/schemas/property';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../modules/settings';
import { propertyOffer } from './structured-data';

const offerOf = (category: string) => {
  const property = {
    category,
    typeTransaction: 'מכירה',
    sold: false,
    price: 3_000_000,
    city: 'חיפה',
    address: 'הנמל 5',
    description: '',
    rooms: 3,
    size: 500,
    features: ['חניה'],
  } as unknown as Property;
  const opts = {
    url: 'https://a.example/p',
    name: 'נכס',
    images: [],
    settings: DEFAULT_SETTINGS,
    origin: 'https://a.example',
  };
  return propertyOffer(property, opts).itemOffered as Record<string, unknown>;
};

describe('the JSON-LD of a property', () => {
  it.each([
    ['דירה', 'Apartment'],
    ['וילה', 'SingleFamilyResidence'],
    ['משרדים', 'Accommodation'],
    ['מסחרי', 'Accommodation'],
  ])('a %s is an %s, whose properties include rooms and floor size', (category, type) => {
    const item = offerOf(category);
    expect(item['@type']).toBe(type);
    expect(item.numberOfRooms).toBe(3);
    expect(item.floorSize).toEqual({ '@type': 'QuantitativeValue', value: 500, unitCode: 'MTK' });
    expect(item.amenityFeature).toHaveLength(1);
  });

  it('land is a Place: no rooms or floor size (a Place has none), its area as a property value', () => {
    const item = offerOf('שטח');
    expect(item['@type']).toBe('Place');
    expect(item).not.toHaveProperty('numberOfRooms');
    expect(item).not.toHaveProperty('floorSize');
    expect(item.additionalProperty).toEqual({
      '@type': 'PropertyValue',
      name: 'שטח',
      value: 500,
      unitCode: 'MTK',
    });
  });
});
