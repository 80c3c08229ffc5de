import sharp from 'sharp';
import { housePicture, prng } from './pictures';

// Drawn interiors for the demo listings, so a property's gallery looks like a real listing's: the building,
// then the living room, the kitchen and the view from the balcony. Generated here, never downloaded.

const WALLS = ['#efe6da', '#e6ecef', '#f2ede4', '#e9e4ef', '#eef0e6'];
const ACCENTS = ['#3d6f96', '#c2703d', '#6a994e', '#8a5a83', '#2f5d62'];
const WOODS = ['#b08158', '#9c6b45', '#c79a6b', '#8d6748'];

type Scene = {
  width: number;
  height: number;
  rand: () => number;
  wall: string;
  accent: string;
  wood: string;
};

const pick = <T>(list: readonly T[], rand: () => number) => list[Math.floor(rand() * list.length)]!;

/** A window onto the sky and a few far buildings. */
function windowView(x: number, y: number, w: number, h: number, rand: () => number) {
  const towers = Array.from({ length: 5 }, (_, i) => {
    const tw = w * (0.12 + rand() * 0.08);
    const th = h * (0.2 + rand() * 0.35);
    return `<rect x="${x + (i * w) / 5 + 4}" y="${y + h - th}" width="${tw}" height="${th}" fill="#9fb3c4"/>`;
  }).join('');
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#bfe0f5"/>${towers}
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#ffffff" stroke-width="10"/>
    <line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#ffffff" stroke-width="8"/>`;
}

function livingRoom({ width: W, height: H, rand, wall, accent, wood }: Scene) {
  const floorY = H * 0.72;
  const planks = Array.from(
    { length: 9 },
    (_, i) =>
      `<line x1="${(i * W) / 8}" y1="${floorY}" x2="${(i * W) / 8 - W * 0.08}" y2="${H}" stroke="#00000022"/>`,
  ).join('');
  return `<rect width="${W}" height="${floorY}" fill="${wall}"/>
    <rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${wood}"/>${planks}
    ${windowView(W * 0.58, H * 0.12, W * 0.32, H * 0.42, rand)}
    <rect x="${W * 0.1}" y="${H * 0.16}" width="${W * 0.16}" height="${H * 0.18}" fill="#ffffff" stroke="${wood}" stroke-width="8"/>
    <circle cx="${W * 0.18}" cy="${H * 0.25}" r="${H * 0.05}" fill="${accent}" opacity="0.7"/>
    <ellipse cx="${W * 0.42}" cy="${H * 0.9}" rx="${W * 0.3}" ry="${H * 0.06}" fill="${accent}" opacity="0.35"/>
    <rect x="${W * 0.12}" y="${H * 0.5}" width="${W * 0.42}" height="${H * 0.2}" rx="24" fill="${accent}"/>
    <rect x="${W * 0.12}" y="${H * 0.42}" width="${W * 0.42}" height="${H * 0.14}" rx="24" fill="${accent}" opacity="0.85"/>
    <rect x="${W * 0.15}" y="${H * 0.47}" width="${W * 0.11}" height="${H * 0.09}" rx="14" fill="#f4efe6"/>
    <rect x="${W * 0.4}" y="${H * 0.47}" width="${W * 0.11}" height="${H * 0.09}" rx="14" fill="#f4efe6"/>
    <rect x="${W * 0.3}" y="${H * 0.78}" width="${W * 0.24}" height="${H * 0.04}" rx="6" fill="${wood}" stroke="#00000033"/>
    <line x1="${W * 0.8}" y1="${H * 0.32}" x2="${W * 0.8}" y2="${floorY}" stroke="#444" stroke-width="6"/>
    <polygon points="${W * 0.76},${H * 0.32} ${W * 0.84},${H * 0.32} ${W * 0.82},${H * 0.24} ${W * 0.78},${H * 0.24}" fill="#fff3c4"/>
    <rect x="${W * 0.64}" y="${H * 0.62}" width="${W * 0.05}" height="${H * 0.1}" fill="#7a5c45"/>
    <circle cx="${W * 0.665}" cy="${H * 0.58}" r="${H * 0.07}" fill="#4f7f4a"/>`;
}

function kitchen({ width: W, height: H, rand, wall, accent, wood }: Scene) {
  const counterY = H * 0.6;
  const tiles = Array.from({ length: 24 }, (_, i) => {
    const x = (i % 12) * (W / 12);
    const y = H * 0.4 + Math.floor(i / 12) * H * 0.1;
    return `<rect x="${x + 2}" y="${y + 2}" width="${W / 12 - 4}" height="${H * 0.1 - 4}" fill="#ffffff" opacity="${0.55 + rand() * 0.3}"/>`;
  }).join('');
  const uppers = Array.from(
    { length: 4 },
    (_, i) =>
      `<rect x="${W * (0.05 + i * 0.23)}" y="${H * 0.06}" width="${W * 0.21}" height="${H * 0.26}" fill="${accent}" stroke="#00000022" stroke-width="4"/>
       <rect x="${W * (0.05 + i * 0.23) + W * 0.09}" y="${H * 0.26}" width="${W * 0.03}" height="${H * 0.015}" fill="#dddddd"/>`,
  ).join('');
  const lowers = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="${W * (0.03 + i * 0.19)}" y="${counterY + H * 0.05}" width="${W * 0.18}" height="${H * 0.28}" fill="${accent}" stroke="#00000022" stroke-width="4"/>`,
  ).join('');
  return `<rect width="${W}" height="${H}" fill="${wall}"/>${tiles}${uppers}
    <rect y="${H * 0.93}" width="${W}" height="${H * 0.07}" fill="${wood}"/>
    ${lowers}
    <rect x="${W * 0.02}" y="${counterY}" width="${W * 0.96}" height="${H * 0.05}" fill="#d9d4cc"/>
    <rect x="${W * 0.42}" y="${counterY + H * 0.01}" width="${W * 0.16}" height="${H * 0.025}" rx="6" fill="#9aa5ad"/>
    <path d="M ${W * 0.5} ${counterY} v ${-H * 0.09} h ${W * 0.04}" fill="none" stroke="#9aa5ad" stroke-width="8"/>
    <rect x="${W * 0.22}" y="${counterY + H * 0.09}" width="${W * 0.14}" height="${H * 0.2}" fill="#2b2d42"/>
    <rect x="${W * 0.235}" y="${counterY + H * 0.12}" width="${W * 0.11}" height="${H * 0.12}" fill="#4a4e69"/>
    <line x1="${W * 0.7}" y1="0" x2="${W * 0.7}" y2="${H * 0.2}" stroke="#444" stroke-width="4"/>
    <circle cx="${W * 0.7}" cy="${H * 0.22}" r="${H * 0.035}" fill="#fff3c4"/>
    <circle cx="${W * 0.75}" cy="${counterY - H * 0.03}" r="${H * 0.03}" fill="#e63946"/>
    <circle cx="${W * 0.79}" cy="${counterY - H * 0.025}" r="${H * 0.025}" fill="#f4a261"/>`;
}

function balconyView({ width: W, height: H, rand, accent }: Scene) {
  const horizon = H * 0.5;
  const towers = Array.from({ length: 9 }, (_, i) => {
    const tw = W * (0.05 + rand() * 0.05);
    const th = H * (0.08 + rand() * 0.2);
    return `<rect x="${(i * W) / 9 + rand() * 20}" y="${horizon - th}" width="${tw}" height="${th}" fill="#8fa3b5"/>`;
  }).join('');
  const bars = Array.from(
    { length: 26 },
    (_, i) => `<rect x="${(i * W) / 25}" y="${H * 0.62}" width="6" height="${H * 0.3}" fill="#2b2d42"/>`,
  ).join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb6e0"/><stop offset="1" stop-color="#fbe3c4"/></linearGradient></defs>
    <rect width="${W}" height="${horizon}" fill="url(#sky)"/>
    <circle cx="${W * 0.78}" cy="${H * 0.22}" r="${H * 0.06}" fill="#fff6d5"/>
    ${towers}
    <rect y="${horizon}" width="${W}" height="${H * 0.12}" fill="#3f88c5"/>
    <rect y="${horizon + H * 0.12}" width="${W}" height="${H - horizon}" fill="#d8cfc4"/>
    <rect y="${H * 0.6}" width="${W}" height="${H * 0.02}" fill="#2b2d42"/>${bars}
    <rect y="${H * 0.92}" width="${W}" height="${H * 0.08}" fill="#b9a892"/>
    <rect x="${W * 0.08}" y="${H * 0.8}" width="${W * 0.08}" height="${H * 0.12}" fill="${accent}"/>
    <circle cx="${W * 0.12}" cy="${H * 0.75}" r="${H * 0.08}" fill="#4f7f4a"/>
    <rect x="${W * 0.82}" y="${H * 0.82}" width="${W * 0.07}" height="${H * 0.1}" fill="#c2703d"/>
    <circle cx="${W * 0.855}" cy="${H * 0.78}" r="${H * 0.06}" fill="#6a994e"/>`;
}

const ROOMS = [livingRoom, kitchen, balconyView];

/**
 * Photo `index` of a demo listing: the building first, then the living room, the kitchen and the balcony view
 * (cycling), each in the listing's own colours.
 */
export async function listingPicture(
  seed: number,
  index: number,
  width = 1200,
  height = 800,
): Promise<Buffer> {
  if (index === 0) return housePicture(seed, width, height);
  const rand = prng(seed * 31 + index);
  const scene: Scene = {
    width,
    height,
    rand,
    wall: pick(WALLS, rand),
    accent: pick(ACCENTS, rand),
    wood: pick(WOODS, rand),
  };
  const draw = ROOMS[(index - 1) % ROOMS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${draw(scene)}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
