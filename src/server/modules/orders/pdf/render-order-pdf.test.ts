import { mkdirSync, writeFileSync } from 'node:fs';
import bidiFactory from 'bidi-js';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderClauses, orderPreamble } from '../order-document';
import { orderPdfDocument } from './from-order';
import { ORDER_KEYWORD, renderOrderPdf } from './render-order-pdf';
import {
  pdfFonts,
  pdfImages,
  pdfText,
  renderFirstPage,
  SIGNED_AT,
  sampleOrder,
  sampleOrderRow,
} from './test-helpers';

/**
 * The signed order's PDF, read back with poppler's tools (the ones a court expert or a lawyer's office would use):
 * its text, its fonts, its images and its picture of page 1.
 */
const bidi = bidiFactory();
const MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** What a reader sees of a line, left to right (the Unicode bidi algorithm, base right to left). */
function seenExactly(line: string): string {
  const levels = bidi.getEmbeddingLevels(line, 'rtl');
  const chars = [...line];
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  for (const [i, ch] of mirrored) chars[i] = ch;
  for (const [from, to] of bidi.getReorderSegments(line, levels)) {
    if (from === undefined || to === undefined) continue;
    chars.splice(from, to - from + 1, ...chars.slice(from, to + 1).reverse());
  }
  return chars.join('').replace(MARKS, '').replace(/\s+/g, ' ').trim();
}

/**
 * The same, with round brackets taken as one: pdftotext's own reordering puts a bracket that touches a number
 * into the number's left-to-right run without mirroring it, so its side is poppler's, not the PDF's. Which
 * bracket each one is gets its own test (ActualText).
 */
const seen = (line: string) => seenExactly(line).replace(/[()]/g, '|');

let bytes: Uint8Array;
let text: string;
let lines: string[];
const ORDER_ID = sampleOrderRow().id;

beforeAll(async () => {
  bytes = await renderOrderPdf(await sampleOrder());
  text = pdfText(bytes);
  lines = text.split('\n').filter((l) => l.trim());
});

/** The extracted text without direction marks, its spaces (no-break ones too) as single spaces. */
const plain = (extracted: string) => extracted.replace(MARKS, '').replace(/\s+/g, ' ');

describe('the order PDF as text', () => {
  it('pins what a reader sees of a mixed line, independently of the renderer', () => {
    expect(seenExactly('מחיר משוער: 2,450,000 ₪')).toBe('₪ 2,450,000 :רעושמ ריחמ');
    expect(seenExactly('כתובת: רחוב הרצל 12, תל אביב (קומה 3)')).toBe(
      '(3 המוק) ביבא לת ,12 לצרה בוחר :תבותכ',
    );
  });

  it('shows every line of the signed text as written: Hebrew, numbers, ₪ and Latin', () => {
    const row = sampleOrderRow();
    const written = [
      'לינק נדל״ן בע״מ',
      'הזמנת שירותי תיווך',
      ...orderPreamble(row),
      ...orderClauses(row).flatMap((section) => [section.title, ...section.lines]),
      'חתימת הלקוח',
      'נחתם ב־29.11.2026 בשעה 10:15 (שעון ישראל)',
      `הזמנה מספר ${ORDER_ID} · עמוד 1 מתוך 1`,
    ];
    const seenLines = lines.map(seen);
    const all = plain(text);
    for (const line of written) {
      // A line too long for the page is wrapped: its words then come in order across the lines.
      if (seenLines.includes(seen(line))) continue;
      let from = 0;
      for (const word of line
        .replace(MARKS, '')
        .split(/\s+/)
        .filter((w) => /[\p{L}\p{N}]{2}/u.test(w))) {
        const at = all.indexOf(word.replace(/[(),.]/g, ''), from);
        expect(at, `"${word}" of "${line}"`).toBeGreaterThanOrEqual(0);
        from = at;
      }
      expect(line.length, `"${line}" is short enough for one line, so it should read whole`).toBeGreaterThan(
        70,
      );
    }
  });

  it('keeps words in logical order and numbers, ₪ and Latin whole', () => {
    const all = plain(text);
    for (const piece of [
      'הזמנת שירותי תיווך',
      'המחיר המשוער המבוקש',
      '2,450,000',
      '₪',
      '039337423',
      'Herzl St. 22, Haifa',
    ]) {
      expect(all).toContain(piece);
    }
    expect(all.indexOf('המחיר המשוער המבוקש')).toBeLessThan(all.indexOf('2,450,000'));
  });

  it('reads each mirrored bracket as the one that was typed', () => {
    const all = plain(text);
    expect(all).toContain('(קומה');
    expect(all).toContain('שעון ישראל)');
  });

  it('writes a fee in shekels with VAT included, and a rent', async () => {
    const rent = await renderOrderPdf(
      await sampleOrder({
        side: 'landlord',
        transactionKind: 'let',
        approxPrice: 6_500,
        feeAgorot: 750_050,
        feePercentHundredths: null,
        vatIncluded: true,
      }),
    );
    const seenLines = pdfText(rent).split('\n').map(seen);
    const row = sampleOrderRow({
      side: 'landlord',
      transactionKind: 'let',
      approxPrice: 6_500,
      feeAgorot: 750_050,
      feePercentHundredths: null,
      vatIncluded: true,
    });
    for (const line of orderClauses(row)
      .flatMap((section) => section.lines)
      .filter((l) => l.length < 70)) {
      expect(seenLines).toContain(seen(line));
    }
    expect(plain(pdfText(rent))).toContain('7,500.5');
  });

  it('prints a typed signature as the typed name', async () => {
    const typed = await renderOrderPdf(
      orderPdfDocument(sampleOrderRow(), { method: 'typed', name: 'דנה כהן' }, SIGNED_AT),
    );
    expect(pdfText(typed).split('\n').map(seen)).toContain(seen('חתימה בהקלדת השם: דנה כהן'));
    expect(pdfImages(typed)).toEqual([]);
  });
});

describe('the order PDF as a file', () => {
  it('embeds every font it uses, and they are Heebo', () => {
    const fonts = pdfFonts(bytes);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.embedded, font.name).toBe(true);
      expect(font.name).toMatch(/^Heebo/);
    }
  });

  it('holds the signature image and names the order in its keywords', async () => {
    const images = pdfImages(bytes).filter((image) => image.type === 'image');
    expect(images).toEqual([{ page: 1, type: 'image', width: 300, height: 100 }]);
    const loaded = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(loaded.getKeywords()).toBe(`${ORDER_KEYWORD} ${ORDER_ID}`);
    expect(loaded.getTitle()).toBe(`הזמנת שירותי תיווך ${ORDER_ID}`);
  });

  it('starts new pages when the list is long, each with its footer and page number', async () => {
    const properties = Array.from({ length: 70 }, (_, i) => ({ address: `רחוב הנביאים ${i + 1}, ירושלים` }));
    const long = await renderOrderPdf(await sampleOrder({ properties }));
    const pages = (await PDFDocument.load(long)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let page = 1; page <= pages; page++) {
      const pageLines = pdfText(long, page).split('\n').map(seen);
      expect(pageLines).toContain(seen(`הזמנה מספר ${ORDER_ID} · עמוד ${page} מתוך ${pages}`));
    }
    const all = pdfText(long).split('\n').map(seen);
    properties.forEach((property, i) => {
      expect(all).toContain(seen(`${i + 1}. ${property.address}`));
    });
  });

  it('names the order it replaces', async () => {
    const replaced = '0a1b2c3d-0000-4000-8000-000000000041';
    const correction = await renderOrderPdf(await sampleOrder({ replacesOrderId: replaced }));
    expect(plain(pdfText(correction))).toContain(replaced);
  });
});

describe('the order PDF as a picture', () => {
  it('renders page 1 with ink, right-aligned', async () => {
    const png = renderFirstPage(bytes);
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/order-pdf-page-1.png', png);
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(596);
    // Bands of rows with ink, each with its leftmost and rightmost inked column.
    const bands: { top: number; bottom: number; left: number; right: number }[] = [];
    let open: (typeof bands)[number] | undefined;
    let inked = 0;
    for (let y = 0; y < info.height; y++) {
      let left = -1;
      let right = -1;
      for (let x = 0; x < info.width; x++) {
        if ((data[y * info.width + x] ?? 255) < 128) {
          inked++;
          if (left < 0) left = x;
          right = x;
        }
      }
      if (left < 0) {
        open = undefined;
        continue;
      }
      if (!open) {
        open = { top: y, bottom: y, left, right };
        bands.push(open);
      } else {
        open.bottom = y;
        open.left = Math.min(open.left, left);
        open.right = Math.max(open.right, right);
      }
    }
    expect(inked / (info.width * info.height)).toBeGreaterThan(0.01);
    const margin = 56;
    const rightEdge = Math.round(595.28 - margin);
    // Text lines (not the rules under headings, which run margin to margin): most end at the right margin.
    const textBands = bands.filter((b) => b.bottom - b.top >= 5 && b.left > margin + 2);
    const atRight = textBands.filter((b) => Math.abs(b.right - rightEdge) <= 3);
    expect(textBands.length).toBeGreaterThan(15);
    expect(atRight.length / textBands.length).toBeGreaterThan(0.6);
    // ...and short ones leave the left side of the page empty.
    expect(atRight.some((b) => b.left > info.width / 2)).toBe(true);
    // Nothing drawn outside the margins.
    for (const band of bands) {
      expect(band.left).toBeGreaterThanOrEqual(margin - 2);
      expect(band.right).toBeLessThanOrEqual(rightEdge + 2);
    }
  });
});
