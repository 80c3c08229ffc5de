import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The PDFs' typeface (the brokerage order, the monthly statements): Heebo, the one the web app self-hosts, read from its npm package (@fontsource/heebo) and
 * embedded (subset) in every PDF, never fetched at run time. Fontsource splits it by script: the Hebrew file
 * holds the letters and ₪, the Latin one digits, Latin letters and ASCII punctuation, so each character is drawn
 * with the file that has it.
 */
export type Weight = 'regular' | 'bold';
type Subset = 'hebrew' | 'latin';

const require = createRequire(import.meta.url);
const fileOf = (subset: Subset, weight: Weight) =>
  require.resolve(`@fontsource/heebo/files/heebo-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`);

const bytesCache = new Map<string, Uint8Array>();
function fontBytes(subset: Subset, weight: Weight): Uint8Array {
  const key = `${subset}-${weight}`;
  let bytes = bytesCache.get(key);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(fileOf(subset, weight)));
    bytesCache.set(key, bytes);
  }
  return bytes;
}

// The code points the Hebrew file covers, read once from the font itself.
let hebrewSet: Set<number> | undefined;
function hebrewCodePoints(): Set<number> {
  hebrewSet ??= new Set(fontkit.create(fontBytes('hebrew', 'regular')).characterSet);
  return hebrewSet;
}

/** Which file draws a character: the Hebrew one for what it has beyond ASCII, the Latin one for the rest. */
export const subsetOf = (ch: string): Subset => {
  const cp = ch.codePointAt(0) ?? 0;
  return cp > 0x7f && hebrewCodePoints().has(cp) ? 'hebrew' : 'latin';
};

/**
 * fontkit reverses a run it takes for right-to-left (by its script); our runs arrive already in visual order from
 * the bidi algorithm (bidi-lines.ts), so layout is asked for left to right.
 */
const leftToRightFontkit = {
  create(buffer: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(buffer, postscriptName);
    const layout = font.layout.bind(font) as (
      s: string,
      features?: unknown,
      script?: string,
      language?: string,
      direction?: 'ltr' | 'rtl',
    ) => ReturnType<typeof font.layout>;
    font.layout = ((s: string, features?: unknown) =>
      layout(s, features, undefined, undefined, 'ltr')) as typeof font.layout;
    return font;
  },
};

export type PdfFonts = Record<Weight, Record<Subset, PDFFont>>;

export async function embedPdfFonts(doc: PDFDocument): Promise<PdfFonts> {
  doc.registerFontkit(leftToRightFontkit);
  const embed = (subset: Subset, weight: Weight) =>
    doc.embedFont(fontBytes(subset, weight), { subset: true });
  const [hr, lr, hb, lb] = await Promise.all([
    embed('hebrew', 'regular'),
    embed('latin', 'regular'),
    embed('hebrew', 'bold'),
    embed('latin', 'bold'),
  ]);
  return { regular: { hebrew: hr, latin: lr }, bold: { hebrew: hb, latin: lb } };
}
