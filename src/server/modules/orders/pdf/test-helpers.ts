import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { OrderDocument } from './order-document';

/** A drawn signature: one dark stroke on a transparent background, as the signing pad sends it. */
export async function signaturePng(): Promise<Uint8Array> {
  const stroke =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 10, 150 60 S 250 90, 290 20" stroke="#112233" stroke-width="5" fill="none"/></svg>';
  return new Uint8Array(await sharp(Buffer.from(stroke)).png().toBuffer());
}

export async function sampleOrder(overrides: Partial<OrderDocument> = {}): Promise<OrderDocument> {
  return {
    orderId: 'ORD-2026-0042',
    agencyName: 'לינק נדל״ן בע״מ',
    broker: { name: 'דנה כהן', licenceNumber: '3123456', address: 'רחוב הרצל 12, תל אביב (קומה 3)' },
    client: { name: 'יוסי לוי', idNumber: '123456782', address: 'שדרות רוטשילד 5, דירה 7, תל אביב' },
    kind: 'purchase',
    properties: ['רחוב ביאליק 10, רמת גן, 4 חדרים', 'Herzl St. 22, Haifa - דירת גן'],
    approximatePriceAgorot: 245_000_000,
    fee: { kind: 'percent', basisPoints: 200 },
    vatIncluded: false,
    terms: [
      'הלקוח מזמין בזה מהמתווך שירותי תיווך לעסקה המתוארת לעיל, ומתחייב לשלם את דמי התיווך אם ייקשר בהסכם מחייב לגבי אחד הנכסים שהוצגו לו בתוך 6 חודשים ממועד החתימה.',
    ],
    signedAt: new Date('2026-11-29T08:15:00Z'),
    signaturePng: await signaturePng(),
    ...overrides,
  };
}

/**
 * Runs a poppler tool (Debian's poppler-utils, installed by scripts/ensure-pdf-tools.mjs) on a PDF's bytes.
 */
function withPdf<T>(bytes: Uint8Array, run: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'order-pdf-'));
  try {
    const file = join(dir, 'order.pdf');
    writeFileSync(file, bytes);
    return run(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function poppler(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is missing: run "node scripts/ensure-pdf-tools.mjs" (installs poppler-utils)`);
    }
    throw error;
  }
}

/** pdftotext's reading of the PDF (or of one page), as UTF-8 text. */
export const pdfText = (bytes: Uint8Array, page?: number) =>
  withPdf(bytes, (file) =>
    poppler('pdftotext', [
      '-enc',
      'UTF-8',
      ...(page ? ['-f', String(page), '-l', String(page)] : []),
      file,
      '-',
    ]),
  );

/** pdffonts' table: one row per font with its name, type, and whether it is embedded. */
export const pdfFonts = (bytes: Uint8Array) =>
  withPdf(bytes, (file) =>
    poppler('pdffonts', [file])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        return { name: cols[0] ?? '', embedded: cols.at(-5) === 'yes' };
      }),
  );

/** pdfimages' listing: one row per image (and per soft mask, type 'smask') with its pixel size. */
export const pdfImages = (bytes: Uint8Array) =>
  withPdf(bytes, (file) =>
    poppler('pdfimages', ['-list', file])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        return { page: Number(cols[0]), type: cols[2], width: Number(cols[3]), height: Number(cols[4]) };
      }),
  );

/** Page 1 rendered by pdftoppm at 72 dpi (one pixel per point), as PNG bytes. */
export const renderFirstPage = (bytes: Uint8Array) =>
  withPdf(bytes, (file, dir) => {
    poppler('pdftoppm', ['-r', '72', '-png', '-singlefile', '-f', '1', '-l', '1', file, join(dir, 'page')]);
    return readFileSync(join(dir, 'page.png'));
  });
