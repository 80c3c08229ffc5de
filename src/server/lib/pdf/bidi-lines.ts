import bidiFactory from 'bidi-js';

/**
 * Right-to-left text for a PDF page, which only knows glyphs placed left to right: the Unicode bidi algorithm
 * (bidi-js) resolves each character's level in logical order, lines are broken in logical order, and each line is
 * then reordered into what the eye sees from left to right, with mirrored brackets swapped.
 */
const bidi = bidiFactory();

/**
 * One line of a paragraph: its characters from left to right, each with its place in the logical text; a mirrored
 * character (a bracket in right-to-left text) also keeps the character it stands for.
 */
export type VisualLine = {
  chars: { ch: string; logical: number; rtl: boolean; mirrorOf?: string }[];
};

// Marks that steer direction: the algorithm has used them, and a PDF has no glyph to draw for them.
const INVISIBLE = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/;

/**
 * Breaks one paragraph (no newlines) into lines no wider than `maxWidth` (by `measure`), at spaces, in logical
 * order, and returns each line in visual order. A word wider than a line is cut where it overflows.
 */
export function layoutParagraph(
  text: string,
  maxWidth: number,
  measure: (s: string) => number,
): VisualLine[] {
  const levels = bidi.getEmbeddingLevels(text, 'rtl');
  return breakLogical(text, maxWidth, measure).map(([start, end]) => visualLine(text, levels, start, end));
}

/**
 * [start, end] (inclusive) of each line, trailing spaces left at the end of the line they follow. Lines break at
 * plain spaces only: a no-break space (as in "2,450,000 ₪" from Intl) keeps its neighbours together.
 */
function breakLogical(text: string, maxWidth: number, measure: (s: string) => number): [number, number][] {
  const lines: [number, number][] = [];
  const words = [...text.matchAll(/[^ ]+ */g)];
  let start = -1;
  let end = -1;
  for (const word of words) {
    const wStart = word.index;
    const wEnd = wStart + word[0].length - 1;
    const candidate = start < 0 ? word[0] : text.slice(start, wEnd + 1);
    if (start >= 0 && measure(candidate.trimEnd()) > maxWidth) {
      lines.push([start, end]);
      start = -1;
    }
    if (start < 0) start = wStart;
    end = wEnd;
    // A single word longer than the line: cut it.
    while (measure(text.slice(start, end + 1).trimEnd()) > maxWidth && end > start) {
      let cut = end;
      while (cut > start && measure(text.slice(start, cut).trimEnd()) > maxWidth) cut--;
      lines.push([start, Math.max(start, cut - 1)]);
      start = Math.max(start + 1, cut);
    }
  }
  if (start >= 0) lines.push([start, end]);
  return lines;
}

function visualLine(
  text: string,
  levels: ReturnType<typeof bidi.getEmbeddingLevels>,
  start: number,
  end: number,
): VisualLine {
  // Trailing spaces of a broken line are not drawn (and would sit at the visual left of an RTL line).
  let last = end;
  while (last >= start && text[last] === ' ') last--;
  const order: number[] = [];
  for (let i = start; i <= last; i++) order.push(i);
  if (order.length === 0) return { chars: [] };
  for (const [from = start, to = start] of bidi.getReorderSegments(text, levels, start, last)) {
    const a = from - start;
    const b = to - start;
    const reversed = order.slice(a, b + 1).reverse();
    order.splice(a, reversed.length, ...reversed);
  }
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, start, last);
  const chars = order
    .filter((i) => !INVISIBLE.test(text[i] ?? ''))
    .map((i) => {
      const ch = text[i] ?? '';
      const mirror = mirrored.get(i);
      const rtl = ((levels.levels[i] ?? 0) & 1) === 1;
      return mirror ? { ch: mirror, logical: i, rtl, mirrorOf: ch } : { ch, logical: i, rtl };
    });
  return { chars };
}
