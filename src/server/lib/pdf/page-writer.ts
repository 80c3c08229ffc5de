import {
  beginText,
  endText,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from 'pdf-lib';
import { layoutParagraph, type VisualLine } from './bidi-lines';
import { type PdfFonts, subsetOf, type Weight } from './fonts';

/**
 * A right-to-left A4 page writer over pdf-lib (docs/decisions/0041-order-pdf-with-pdf-lib-and-bidi-js.md): real
 * text in the embedded Heebo font, each line ordered by the Unicode bidi algorithm, pages added when one is full.
 * Used by the brokerage order's PDF and the monthly commission statements.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const FOOTER_Y = 32;
const BOTTOM = 64;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);

export type Style = { size: number; weight: Weight; align: 'right' | 'center'; gapAfter: number };
export const BODY: Style = { size: 11, weight: 'regular', align: 'right', gapAfter: 4 };

/** A cell of a table row: its text and its column's width in points (columns run from the right). */
export type Cell = { text: string; width: number; weight?: Weight };

export class PageWriter {
  private page: PDFPage;
  private y: number;
  /** The text width between the margins. */
  readonly width = A4[0] - 2 * MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: PdfFonts,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  heading(text: string) {
    this.y -= 8;
    this.paragraph(text, { size: 13, weight: 'bold', align: 'right', gapAfter: 4 });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 2 },
      end: { x: A4[0] - MARGIN, y: this.y + 2 },
      thickness: 0.5,
      color: MUTED,
    });
    this.y -= 4;
  }

  /** A paragraph, wrapped to the text width (less `indent` on the right), starting a page when one is full. */
  paragraph(text: string, style: Style, indent = 0) {
    const measure = (s: string) => this.widthOf(s, style);
    const lineHeight = style.size * 1.45;
    for (const line of layoutParagraph(text, this.width - indent, measure)) {
      this.ensureRoom(lineHeight);
      this.y -= lineHeight;
      this.drawLine(line, style, indent, this.y, this.page);
    }
    this.y -= style.gapAfter;
  }

  /**
   * A table row: each cell right-aligned in its column, the columns from the right margin leftwards; a cell too
   * long for its column wraps, and the row is as tall as its tallest cell. A rule under the row when asked.
   */
  row(cells: Cell[], style: Style, rule = false) {
    const lineHeight = style.size * 1.45;
    const laid = cells.map((cell) => {
      const cellStyle = { ...style, weight: cell.weight ?? style.weight };
      return {
        style: cellStyle,
        lines: layoutParagraph(cell.text, cell.width - 6, (s) => this.widthOf(s, cellStyle)),
      };
    });
    const height = Math.max(1, ...laid.map((c) => c.lines.length)) * lineHeight;
    this.ensureRoom(height);
    let indent = 0;
    laid.forEach((cell, i) => {
      cell.lines.forEach((line, n) => {
        this.drawLine(line, cell.style, indent, this.y - (n + 1) * lineHeight, this.page);
      });
      indent += cells[i]?.width ?? 0;
    });
    this.y -= height;
    if (rule)
      this.page.drawLine({
        start: { x: MARGIN, y: this.y - 1 },
        end: { x: A4[0] - MARGIN, y: this.y - 1 },
        thickness: 0.3,
        color: MUTED,
      });
    this.y -= style.gapAfter;
  }

  async signature(png: Uint8Array) {
    const image = await this.doc.embedPng(png);
    const scale = Math.min(1, 220 / image.width, 90 / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    this.ensureRoom(h + 12);
    this.y -= h + 6;
    const right = A4[0] - MARGIN;
    this.page.drawImage(image, { x: right - w, y: this.y, width: w, height: h });
    this.page.drawLine({
      start: { x: right - 230, y: this.y - 2 },
      end: { x: right, y: this.y - 2 },
      thickness: 0.5,
      color: MUTED,
    });
    this.y -= 6;
  }

  footer(page: PDFPage, text: string) {
    const style: Style = { size: 9, weight: 'regular', align: 'center', gapAfter: 0 };
    for (const line of layoutParagraph(text, this.width, (s) => this.widthOf(s, style))) {
      this.drawLine(line, style, 0, FOOTER_Y, page, MUTED);
    }
  }

  private ensureRoom(height: number) {
    if (this.y - height >= BOTTOM) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private widthOf(s: string, style: Style) {
    return runsOf(s).reduce(
      (sum, run) => sum + this.fonts[style.weight][run.subset].widthOfTextAtSize(run.text, style.size),
      0,
    );
  }

  /**
   * Draws a line's runs (same font, same direction) left to right at their visual places, but in the order
   * their text comes in the logical string, so text tools that follow the content stream read it in order too.
   */
  private drawLine(
    line: VisualLine,
    style: Style,
    indent: number,
    y: number,
    page: PDFPage,
    color: RGB = INK,
  ) {
    const runs = visualRuns(line).map((run) => ({
      ...run,
      width: this.fonts[style.weight][run.subset].widthOfTextAtSize(run.text, style.size),
    }));
    const total = runs.reduce((sum, run) => sum + run.width, 0);
    const right = A4[0] - MARGIN - indent;
    let x = style.align === 'center' ? (A4[0] - total) / 2 : right - total;
    const placed = runs.map((run) => {
      const at = x;
      x += run.width;
      return { ...run, x: at };
    });
    placed.sort((a, b) => a.firstLogical - b.firstLogical);
    const ops: PDFOperator[] = [pushGraphicsState(), beginText(), setFillingColor(color)];
    for (const run of placed) {
      const font = this.fonts[style.weight][run.subset];
      ops.push(setFontAndSize(this.fontKey(page, font), style.size), setTextMatrix(1, 0, 0, 1, run.x, y));
      // A mirrored bracket is drawn with the other bracket's glyph: its ActualText (inside the text object,
      // where poppler and Acrobat read it) says which character it is, so text tools read what was typed.
      if (run.actualText) {
        const properties = this.doc.context.obj({ ActualText: PDFHexString.fromText(run.actualText) });
        ops.push(
          PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
            PDFName.of('Span'),
            properties as unknown as PDFName,
          ]),
        );
      }
      ops.push(showText(font.encodeText(run.text)));
      if (run.actualText) ops.push(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    }
    ops.push(endText(), popGraphicsState());
    page.pushOperators(...ops);
  }

  private readonly fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  /** The name a page's resources give a font, added once per page. */
  private fontKey(page: PDFPage, font: PDFFont): PDFName {
    let keys = this.fontKeys.get(page);
    if (!keys) {
      keys = new Map();
      this.fontKeys.set(page, keys);
    }
    let key = keys.get(font);
    if (!key) {
      key = page.node.newFontDictionary(font.name, font.ref);
      keys.set(font, key);
    }
    return key;
  }
}

type Run = { text: string; subset: 'hebrew' | 'latin'; firstLogical: number; actualText?: string };

/** Splits a string (any order) into runs of one font file. */
function runsOf(s: string): { text: string; subset: 'hebrew' | 'latin' }[] {
  const runs: { text: string; subset: 'hebrew' | 'latin' }[] = [];
  for (const ch of s) {
    const subset = subsetOf(ch);
    const last = runs.at(-1);
    if (last && last.subset === subset) last.text += ch;
    else runs.push({ text: ch, subset });
  }
  return runs;
}

/** A visual line cut where the font file or the direction changes, each mirrored character a run of its own. */
function visualRuns(line: VisualLine): Run[] {
  const runs: (Run & { rtl: boolean })[] = [];
  for (const c of line.chars) {
    const subset = subsetOf(c.ch);
    const last = runs.at(-1);
    if (c.mirrorOf) {
      runs.push({ text: c.ch, subset, rtl: c.rtl, firstLogical: c.logical, actualText: c.mirrorOf });
    } else if (last && !last.actualText && last.subset === subset && last.rtl === c.rtl) {
      last.text += c.ch;
      last.firstLogical = Math.min(last.firstLogical, c.logical);
    } else runs.push({ text: c.ch, subset, rtl: c.rtl, firstLogical: c.logical });
  }
  return runs;
}
