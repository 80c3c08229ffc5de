import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export type Upload = { field?: string; name: string; type: string; data: Buffer };

/** The required fields of a new sale property, as the admin wizard posts them. */
export const SALE_FIELDS: [string, string][] = [
  ['typeTransaction', 'מכירה'],
  ['city', 'חיפה'],
  ['address', 'מוריה 40'],
  ['price', '1800000'],
  ['category', 'דירה'],
];

/** A multipart body as a browser would send it (FormData serialised by the platform). */
export async function multipart(fields: [string, string][], files: Upload[] = []) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field ?? 'images',
      new Blob([new Uint8Array(file.data)], { type: file.type }),
      file.name,
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** A JPEG photo carrying EXIF with a GPS position, as phones write it. */
export function photoWithGps(width = 1200, height = 900, colour = '#88aacc') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '32/1 48/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '34/1 59/1 0/1',
      },
    })
    .toBuffer();
}

export const pngImage = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 4, background: '#c2703d' } })
    .png()
    .toBuffer();

/** The GPS IFD pointer tag (0x8825) in either byte order. */
export const hasGpsTag = (bytes: Buffer) =>
  bytes.includes(Buffer.from([0x88, 0x25])) || bytes.includes(Buffer.from([0x25, 0x88]));

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real decompression bomb: a valid ~60 KB PNG of 20,000 x 20,000 black pixels (400 megapixels). */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
