import sharp from 'sharp';

/** Deterministic pseudo-random numbers, so the demo agency looks the same on every machine. */
export function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES = [
  ['#f4d9b8', '#c2703d', '#35524a'],
  ['#cfe3f1', '#3d6f96', '#2b2d42'],
  ['#e7efe1', '#6a994e', '#386641'],
  ['#f6e7cb', '#dd9787', '#74546a'],
  ['#e0e7ef', '#8d99ae', '#2b2d42'],
];

/** A drawn house facade under a sky: the project's own demo photo, no download needed. */
export async function housePicture(seed: number, width = 1200, height = 800): Promise<Buffer> {
  const rand = prng(seed);
  const [sky, wall, roof] = PALETTES[seed % PALETTES.length]!;
  const floors = 2 + Math.floor(rand() * 5);
  const bw = width * (0.45 + rand() * 0.2);
  const bx = (width - bw) / 2;
  const floorH = (height * 0.65) / floors;
  const by = height * 0.9 - floorH * floors;
  const windows: string[] = [];
  for (let f = 0; f < floors; f++) {
    for (let w = 0; w < 4; w++) {
      const x = bx + bw * (0.08 + w * 0.23);
      const y = by + f * floorH + floorH * 0.25;
      const lit = rand() > 0.6 ? '#ffe8a3' : '#9fb8c9';
      windows.push(
        `<rect x="${x}" y="${y}" width="${bw * 0.14}" height="${floorH * 0.45}" fill="${lit}" rx="4"/>`,
      );
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#s)"/>
    <circle cx="${width * (0.15 + rand() * 0.7)}" cy="${height * 0.15}" r="${height * 0.07}" fill="#fff3c4"/>
    <rect x="0" y="${height * 0.9}" width="${width}" height="${height * 0.1}" fill="#8fae7e"/>
    <rect x="${bx}" y="${by}" width="${bw}" height="${floorH * floors}" fill="${wall}"/>
    <polygon points="${bx - 20},${by} ${bx + bw / 2},${by - height * 0.12} ${bx + bw + 20},${by}" fill="${roof}"/>
    ${windows.join('')}
    <rect x="${bx + bw * 0.42}" y="${height * 0.9 - floorH * 0.7}" width="${bw * 0.16}" height="${floorH * 0.7}" fill="${roof}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A simple portrait placeholder (head and shoulders) in the agency's colours. */
export async function portraitPicture(seed: number, size = 480): Promise<Buffer> {
  const colors = ['#3d6f96', '#c2703d', '#6a994e', '#74546a', '#2b2d42', '#dd9787'];
  const bg = colors[seed % colors.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="100%" height="100%" fill="${bg}"/>
    <circle cx="${size / 2}" cy="${size * 0.4}" r="${size * 0.18}" fill="#f1dcc7"/>
    <ellipse cx="${size / 2}" cy="${size * 0.95}" rx="${size * 0.33}" ry="${size * 0.3}" fill="#f7f7f7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
