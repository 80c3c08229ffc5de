import type { Page } from '@playwright/test';
import sharp from 'sharp';

/** The map style's origin in the journeys (MAP_STYLE_URL in playwright.config.ts): nothing leaves the machine. */
export const MAP_ORIGIN = 'https://map-style.test';
export const TILE_ATTRIBUTION = '© אריחי בדיקה';

/** A raster style whose tiles are plain squares made here, with its attribution, as a real style names its own. */
const style = {
  version: 8,
  name: 'בדיקה',
  sources: {
    tiles: {
      type: 'raster',
      tiles: [`${MAP_ORIGIN}/tiles/{z}/{x}/{y}.png`],
      tileSize: 256,
      maxzoom: 15,
      attribution: TILE_ATTRIBUTION,
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#dbe7f0' } },
    { id: 'tiles', type: 'raster', source: 'tiles' },
  ],
};

let tile: Buffer | undefined;
const cors = { 'access-control-allow-origin': '*' };

/** Serves the map's style and tiles to this page, and counts the tiles asked for. */
export async function serveMapTiles(page: Page) {
  tile ??= await sharp({ create: { width: 256, height: 256, channels: 3, background: '#efe9dc' } })
    .png()
    .toBuffer();
  const asked = { style: 0, tiles: 0 };
  await page.route(`${MAP_ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/style.json') {
      asked.style++;
      return route.fulfill({ json: style, headers: cors });
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
      asked.tiles++;
      return route.fulfill({ body: tile, contentType: 'image/png', headers: cors });
    }
    return route.fulfill({ status: 404, headers: cors });
  });
  return asked;
}
