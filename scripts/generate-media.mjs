// Generates the placeholder home-page media shipped in public/media (run once; outputs are committed):
// posters and the offers image are drawn as SVG and encoded to WebP by sharp; the two short videos
// are slow pans over the same drawings, encoded by ffmpeg (Debian: apt-get install ffmpeg).
// No download: the agency replaces these with its own files through the settings.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

const out = new URL('../public/media/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

/** A deterministic pseudo-random generator, so every run draws the same pictures. */
function prng(seed) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

function skyline(width, height, seed, { dusk }) {
  const rand = prng(seed);
  const ground = height * 0.86;
  let buildings = '';
  for (let x = -20; x < width; ) {
    const w = 60 + rand() * 110;
    const h = height * (0.25 + rand() * 0.45);
    const shade = dusk ? ['#1f3b57', '#255578', '#2f6690'][Math.floor(rand() * 3)] : '#d6e4f0';
    buildings += `<rect x="${x}" y="${ground - h}" width="${w}" height="${h}" fill="${shade}"/>`;
    for (let wy = ground - h + 18; wy < ground - 24; wy += 26) {
      for (let wx = x + 12; wx < x + w - 16; wx += 22) {
        if (rand() < 0.55) {
          const lit = dusk ? '#f2b84b' : '#7fa8c9';
          buildings += `<rect x="${wx}" y="${wy}" width="10" height="14" rx="1" fill="${lit}" opacity="${0.5 + rand() * 0.5}"/>`;
        }
      }
    }
    x += w + 6;
  }
  const sky = dusk ? ['#0f2236', '#2f6690', '#e0a030'] : ['#7fa8c9', '#d6e4f0', '#eef4f9'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${sky[0]}"/><stop offset="0.6" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[2]}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${width * 0.78}" cy="${height * 0.3}" r="${height * 0.09}" fill="#f2b84b" opacity="0.9"/>
  ${buildings}
  <rect y="${ground}" width="100%" height="${height - ground}" fill="${dusk ? '#0f2236' : '#1f3b57'}"/>
</svg>`;
}

function team(width, height) {
  const rand = prng(11);
  let people = '';
  const colors = ['#1f3b57', '#255578', '#2f6690', '#1f4563'];
  for (let i = 0; i < 7; i++) {
    const cx = width * (0.12 + i * 0.127);
    const scale = 0.85 + rand() * 0.3;
    const top = height * (0.42 + (i % 2) * 0.06);
    const r = 46 * scale;
    people += `<circle cx="${cx}" cy="${top}" r="${r}" fill="#f4d9c0"/>
      <path d="M${cx - r * 1.6} ${height} Q${cx - r * 1.6} ${top + r * 1.4} ${cx} ${top + r * 1.3} Q${cx + r * 1.6} ${top + r * 1.4} ${cx + r * 1.6} ${height}Z" fill="${colors[i % 4]}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#eef4f9"/><stop offset="1" stop-color="#adc9e0"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#wall)"/>
  <rect x="${width * 0.06}" y="${height * 0.08}" width="${width * 0.88}" height="${height * 0.22}" rx="18" fill="#ffffff" opacity="0.6"/>
  ${people}
</svg>`;
}

function offers(width, height) {
  const house = (x, y, s, fill) =>
    `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 60 60 8l60 52v70H80V92H40v38H0z" fill="${fill}"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#1f3b57"/><stop offset="1" stop-color="#2f6690"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <circle cx="${width * 0.25}" cy="${height * 0.45}" r="${height * 0.3}" fill="#f2b84b"/>
  ${house(width * 0.12, height * 0.25, 2.4, '#1f3b57')}
  ${house(width * 0.55, height * 0.42, 1.6, '#eef4f9')}
  ${house(width * 0.72, height * 0.3, 2.1, '#d6e4f0')}
  <rect x="${width * 0.08}" y="${height * 0.86}" width="${width * 0.84}" height="10" rx="5" fill="#f2b84b"/>
</svg>`;
}

/** A drawing as WebP; `scale` renders the vector drawing that many times larger (sharp at any width). */
async function webp(svg, file, quality = 62, scale = 1) {
  await sharp(Buffer.from(svg), { density: 72 * scale })
    .webp({ quality })
    .toFile(join(out, file));
  process.stdout.write(`${file}: ${statSync(join(out, file)).size} bytes\n`);
}

/** A six-second slow zoom over a drawing: small (CRF 34, 640x360, no audio), starts fast (faststart). */
function video(svgPng, file) {
  const result = spawnSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-loop',
      '1',
      '-i',
      svgPng,
      '-vf',
      "zoompan=z='1+0.12*on/150':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=150:s=640x360:fps=25",
      '-t',
      '6',
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '34',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      join(out, file),
    ],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`ffmpeg failed for ${file} (is ffmpeg installed?)`);
  process.stdout.write(`${file}: ${statSync(join(out, file)).size} bytes\n`);
}

const intro = skyline(1280, 720, 3, { dusk: true });
const agents = team(1280, 720);
// The home hero's poster fills the screen: drawn at 1920 x 1080, then stored at the image pipeline's widths
// (intro-poster-320.webp ... -1600.webp), so a phone loads a small one (src/shared/domain/image-variants.ts).
await webp(intro, 'intro-poster.webp', 62, 1.5);
for (const width of [320, 640, 960, 1600]) {
  const file = `intro-poster-${width}.webp`;
  await sharp(join(out, 'intro-poster.webp'))
    .resize({ width })
    .webp({ quality: width > 700 ? 62 : 58 })
    .toFile(join(out, file));
  process.stdout.write(`${file}: ${statSync(join(out, file)).size} bytes\n`);
}
await webp(agents, 'agents-poster.webp');
await webp(offers(1200, 800), 'offers.webp', 70);

// --images-only redraws the posters and pictures without ffmpeg, keeping the committed videos.
if (!process.argv.includes('--images-only')) {
  const tmp = mkdtempSync(join(tmpdir(), 'media-'));
  try {
    for (const [svg, name] of [
      [intro, 'intro'],
      [agents, 'agents'],
    ]) {
      const png = join(tmp, `${name}.png`);
      await sharp(Buffer.from(svg)).png().toFile(png);
      video(png, `${name}.mp4`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
