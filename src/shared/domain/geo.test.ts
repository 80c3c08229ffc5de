import { describe, expect, it } from 'vitest';
import {
  bboxText,
  distanceMeters,
  inBbox,
  isBbox,
  isInIsrael,
  PUBLIC_OFFSET_METERS,
  parseBbox,
  publicPointOf,
} from './geo';

const dizengoff = { lat: 32.080_52, lng: 34.774_12 };

describe('the public point', () => {
  it('lies 150 to 300 m from the exact one, in every direction drawn', () => {
    const bearings = new Set<number>();
    for (let i = 0; i < 2_000; i++) {
      const shown = publicPointOf(dizengoff);
      const meters = distanceMeters(dizengoff, shown);
      expect(meters).toBeGreaterThanOrEqual(PUBLIC_OFFSET_METERS.min);
      expect(meters).toBeLessThanOrEqual(PUBLIC_OFFSET_METERS.max);
      bearings.add(
        Math.floor((Math.atan2(shown.lng - dizengoff.lng, shown.lat - dizengoff.lat) + Math.PI) * 2),
      );
    }
    // Drawn all around (12 half-radian sectors, every one used), not always the same way.
    expect(bearings.size).toBe(13);
  });

  it('keeps the minimum at the extremes of the draw, and is a stable function of the draw', () => {
    for (const draw of [0, 0.999_999_9]) {
      const shown = publicPointOf(dizengoff, () => draw);
      expect(distanceMeters(dizengoff, shown)).toBeGreaterThanOrEqual(150);
      expect(distanceMeters(dizengoff, shown)).toBeLessThanOrEqual(300);
      expect(publicPointOf(dizengoff, () => draw)).toEqual(shown);
    }
    // Due north at the nearest draw: the latitude grows by about 151 m, the longitude stays.
    const north = publicPointOf(dizengoff, () => 0);
    expect(north.lng).toBe(dizengoff.lng);
    expect(north.lat).toBeGreaterThan(dizengoff.lat);
  });

  it('is rounded to 6 decimals as stored', () => {
    const shown = publicPointOf(dizengoff);
    expect(Math.round(shown.lat * 1e6) / 1e6).toBe(shown.lat);
    expect(Math.round(shown.lng * 1e6) / 1e6).toBe(shown.lng);
  });
});

describe('places and boxes', () => {
  it('knows Israel from elsewhere', () => {
    expect(isInIsrael(dizengoff)).toBe(true);
    expect(isInIsrael({ lat: 29.55, lng: 34.95 })).toBe(true); // Eilat
    expect(isInIsrael({ lat: 33.27, lng: 35.57 })).toBe(true); // Metula
    expect(isInIsrael({ lat: 48.85, lng: 2.35 })).toBe(false); // Paris
    expect(isInIsrael({ lat: 34.77, lng: 32.08 })).toBe(false); // lat and lng swapped
  });

  it('reads a box from the URL only when it is one', () => {
    expect(parseBbox('34.7,32.0,34.9,32.2')).toEqual([34.7, 32, 34.9, 32.2]);
    expect(parseBbox(' 34.7 , 32 , 34.9 , 32.2 ')).toEqual([34.7, 32, 34.9, 32.2]);
    for (const bad of [
      '',
      '34.7,32,34.9',
      '34.9,32,34.7,32.2',
      '34.7,32.2,34.9,32',
      'a,b,c,d',
      '34,32,,33',
      '-200,0,0,1',
    ])
      expect(parseBbox(bad), bad).toBeNull();
    expect(isBbox([1, 2, 3])).toBe(false);
    expect(bboxText([34.123_456_78, 32, 35, 33])).toBe('34.123457,32,35,33');
  });

  it('places a point in a box, edges included', () => {
    const box: [number, number, number, number] = [34.7, 32, 34.9, 32.2];
    expect(inBbox(dizengoff, box)).toBe(true);
    expect(inBbox({ lat: 32, lng: 34.7 }, box)).toBe(true);
    expect(inBbox({ lat: 32.3, lng: 34.8 }, box)).toBe(false);
  });
});
