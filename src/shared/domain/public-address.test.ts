import { describe, expect, it } from 'vitest';
import { publicAddressOf, streetOfAddress } from './public-address';

describe('streetOfAddress', () => {
  it('drops the house number', () => {
    expect(streetOfAddress('דיזנגוף 120')).toBe('דיזנגוף');
    expect(streetOfAddress('דרך מנחם בגין 125')).toBe('דרך מנחם בגין');
  });

  it('drops a number with its letter', () => {
    expect(streetOfAddress('הרצל 5א')).toBe('הרצל');
    expect(streetOfAddress('הרצל 5 א')).toBe('הרצל');
  });

  it('drops the entrance with the number', () => {
    expect(streetOfAddress('הגפן 12 כניסה ב')).toBe('הגפן');
    expect(streetOfAddress('הגפן 12/3')).toBe('הגפן');
  });

  it('keeps an address without a number as it is', () => {
    expect(streetOfAddress('שדרות ירושלים')).toBe('שדרות ירושלים');
    expect(streetOfAddress('')).toBe('');
  });

  it('drops a number written before the street', () => {
    expect(streetOfAddress('12 הגפן')).toBe('הגפן');
    expect(streetOfAddress('12')).toBe('');
  });
});

describe('publicAddressOf', () => {
  it('is the exact address while the setting is off', () => {
    expect(publicAddressOf('הגפן 12 כניסה ב', false)).toBe('הגפן 12 כניסה ב');
  });

  it('is the street when it is on', () => {
    expect(publicAddressOf('הגפן 12 כניסה ב', true)).toBe('הגפן');
  });
});
