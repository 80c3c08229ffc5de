import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { OrderRow } from '../access';
import { orderPdfDocument } from './from-order';
import type { OrderDocument } from './order-document';

/** A drawn signature: one dark stroke on a transparent background, as the signing pad sends it. */
export async function signaturePng(): Promise<Uint8Array> {
  const stroke =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 10, 150 60 S 250 90, 290 20" stroke="#112233" stroke-width="5" fill="none"/></svg>';
  return new Uint8Array(await sharp(Buffer.from(stroke)).png().toBuffer());
}

/** A signed order's row as the signing transaction reads it (all columns, as the database holds them). */
export function sampleOrderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: '6f1c2a9e-0b7d-4c3e-9a51-2d8e4f6a7b10',
    kind: 'order',
    branchId: '00000000-0000-4000-8000-000000000001',
    leadId: null,
    contactId: null,
    agentId: null,
    side: 'buyer',
    transactionKind: 'purchase',
    clientName: 'דנה כהן',
    clientIdNumber: '039337423',
    clientAddress: 'הנביאים 5, חיפה',
    clientPhone: '0527654321',
    clientEmail: 'dana@example.com',
    agencyName: 'לינק נדל״ן בע״מ',
    brokerName: 'נועה ביטון',
    brokerLicence: '3023456',
    brokerAddress: 'שדרות מוריה 50, חיפה (קומה 3)',
    properties: [{ address: 'מוריה 10, חיפה, 4 חדרים' }, { address: 'Herzl St. 22, Haifa' }],
    approxPrice: 2_450_000,
    feeAgorot: null,
    feePercentHundredths: 200,
    vatIncluded: false,
    termStart: null,
    termEnd: null,
    marketingActions: null,
    status: 'sent',
    replacesOrderId: null,
    revokeReason: null,
    revokedAt: null,
    revokedBy: null,
    createdAt: new Date('2026-11-28T09:00:00Z'),
    sentAt: new Date('2026-11-28T09:01:00Z'),
    openedAt: null,
    signedAt: null,
    signatureKey: null,
    signatureMethod: null,
    signerTypedName: null,
    signerIp: null,
    signerUserAgent: null,
    signedAtIsrael: null,
    phoneProof: null,
    consentSha256: null,
    htmlSnapshot: null,
    htmlSha256: null,
    pdfStorageKey: null,
    pdfSha256: null,
    ...overrides,
  };
}

export const SIGNED_AT = new Date('2026-11-29T08:15:00Z');

export async function sampleOrder(overrides: Partial<OrderRow> = {}): Promise<OrderDocument> {
  return orderPdfDocument(
    sampleOrderRow(overrides),
    { method: 'drawn', png: await signaturePng() },
    SIGNED_AT,
  );
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
