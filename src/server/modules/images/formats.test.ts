import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { processImage } from './pipeline';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="red"/></svg>',
);
const pixels = () => sharp({ create: { width: 400, height: 300, channels: 3, background: '#c33' } });

describe('photo formats', () => {
  it('refuses an SVG and a TIFF with 415, though the image library reads both', async () => {
    expect((await sharp(svg).metadata()).format).toBe('svg');
    const tiff = await pixels().tiff().toBuffer();
    expect((await sharp(tiff).metadata()).format).toBe('tiff');
    for (const input of [svg, tiff])
      await expect(processImage(app.storage, input, 'users')).rejects.toMatchObject({ statusCode: 415 });
  });

  it('takes a JPEG and a PNG', async () => {
    for (const input of [await pixels().jpeg().toBuffer(), await pixels().png().toBuffer()])
      expect((await processImage(app.storage, input, 'users')).width).toBe(400);
  });
});
