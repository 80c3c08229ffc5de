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

/** A text without the bidi embeddings, overrides and isolates that could reorder it. */
export const stripBidiControls = (value: string) => value.replace(BIDI_CONTROLS, '');

// Line breaks of every kind (CR, LF, VT, FF, NEL, the Unicode line and paragraph separators) and tabs.
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// The direction marks LRM, RLM and ALM: in a name, a city or an address they change nothing on the page but
// make two equal-looking values differ (a search by city, a report matched by address, a duplicate check).
const DIRECTION_MARKS = /[\u200E\u200F\u061C]/g;

/**
 * A single-line field (a name, a city) as one line: bidi controls and direction marks removed, and each run of
 * line breaks and tabs one space, so a name pasted with its line break is kept and no mail header, CSV row or
 * log line can be split by it.
 */
export const toSingleLine = (value: string) =>
  stripBidiControls(value).replace(DIRECTION_MARKS, '').replace(LINE_BREAKS, ' ');

/** A multi-line text (a description, a note): bidi controls removed and every line break a plain LF. */
export const toFreeText = (value: string) =>
  stripBidiControls(value).replace(/\r\n?|\u2028|\u2029|\u0085/g, '\n');
