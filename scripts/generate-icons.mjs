// Draws the installed app's icons into public/icons (and public/favicon.ico) from the site's house mark (public/favicon.svg's
// design), with sharp: the sizes Android, desktop Chromium and iOS ask for, a maskable one whose mark
// stays inside the safe zone, and a one-colour badge for Android's status bar. Run after changing the mark:
//   node scripts/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const NAVY = '#1f3b57';
const GOLD = '#f2b84b';
const house = (fill) => `<path d="M14 34 32 18l18 16v16H38V38H26v12H14z" fill="${fill}"/>`;
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${NAVY}"/>${house(GOLD)}</svg>`;
// Full bleed, mark scaled to the central 80% (the maskable safe zone is a circle of 80% of the size).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${NAVY}"/><g transform="translate(6.4 6.4) scale(0.8)">${house(GOLD)}</g></svg>`;
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${NAVY}"/>${house(GOLD)}</svg>`;
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${house('#ffffff')}</svg>`;

const outputs = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-512.png', maskable, 512],
  ['maskable-192.png', maskable, 192],
  ['apple-touch-icon-180.png', square, 180],
  ['badge-96.png', badge, 96],
];

mkdirSync('public/icons', { recursive: true });
for (const [name, svg, size] of outputs) {
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/${name}`);
}

// /favicon.ico, which browsers, feed readers and crawlers ask for whatever the page links: an ICO holding
// 16, 32 and 48 px PNGs of the rounded mark (the format has carried PNG images since Windows Vista).
const sizes = [16, 32, 48];
const pngs = await Promise.all(
  sizes.map((size) =>
    sharp(Buffer.from(rounded), { density: 72 * (size / 64) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  ),
);
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((size, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(size, entry); // width
  header.writeUInt8(size, entry + 1); // height
  header.writeUInt8(0, entry + 2); // no palette
  header.writeUInt8(0, entry + 3); // reserved
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(pngs[i].length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += pngs[i].length;
});
writeFileSync('public/favicon.ico', Buffer.concat([header, ...pngs]));
process.stdout.write(`wrote ${outputs.length} icons to public/icons and public/favicon.ico\n`);
