/** What a field with a NUL byte or a broken UTF-16 character is told. */
export const UNSAFE_TEXT_MESSAGE = 'הטקסט מכיל תווים לא חוקיים';

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True for text no field may hold: a NUL byte (PostgreSQL cannot store it) or a lone UTF-16 surrogate
 * (not a character at all: it would be stored as U+FFFD, silently changing what was sent).
 */
export function hasUnsafeCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

// Characters that show nothing: spaces, format characters (zero-width, bidi marks and controls, soft hyphen,
// BOM), control characters, and the fillers that render blank (Hangul fillers, Braille blank).
const INVISIBLE = /[\s\p{Cf}\p{Cc}\p{Zs}\u115F\u1160\u3164\uFFA0\u2800]/gu;
// Embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI): they can reorder what
// follows them on the page, e.g. make a name read as something else; the marks LRM and RLM are kept.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** True when nothing would show: empty, or only spaces and invisible characters. */
export const isBlankText = (value: string) => value.replace(INVISIBLE, '') === '';

/** A single-line text without the bidi embeddings, overrides and isolates that could reorder it. */
export const stripBidiControls = (value: string) => value.replace(BIDI_CONTROLS, '');
