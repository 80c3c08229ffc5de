import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listingPicture } from './rooms';

describe('demo listing pictures', () => {
  it('draws the building, then three different rooms, as JPEGs of the asked size', async () => {
    const pictures = await Promise.all([0, 1, 2, 3].map((i) => listingPicture(7, i, 300, 200)));
    for (const picture of pictures) {
      expect(await sharp(picture).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    }
    expect(new Set(pictures.map((p) => p.toString('base64'))).size).toBe(4);
  });

  it('is the same picture on every machine for the same listing and place', async () => {
    expect((await listingPicture(3, 2, 120, 80)).equals(await listingPicture(3, 2, 120, 80))).toBe(true);
  });
});
