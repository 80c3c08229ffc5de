import fc from 'fast-check';

/** Strings that broke, or could break, parsers, databases, mail and pages. */
export const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202Eevil\u202C',
  '\u200B\u200F',
  '\u3164',
  ' ',
  '',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; drop table leads; --",
  '{{constructor.constructor("x")()}}',
  '__proto__',
  '0x10',
  '1e309',
  '1e3',
  '-0',
  '-1',
  '0.5',
  '100.5',
  'NaN',
  'Infinity',
  '2026-02-30',
  '0000-01',
  '0000-01-01',
  '9999-99-99',
  '2026-13',
  '/\\evil.example/x.png',
  '//evil.example/x.png',
  'javascript:alert(1)',
  '../../etc/passwd',
  'line\r\nBcc: victim@example.com',
  'א'.repeat(5000),
] as const;

/** Any string: generated ones (ASCII, any code point) and the hand-picked hostile ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...HOSTILE_STRINGS),
);

/** Any JSON value a field might be sent instead of its own: strings mostly, numbers, nulls, lists, objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}, 1e308, -1, 0.5, 100.5, Number.MAX_SAFE_INTEGER + 2),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 2 }),
);

type Valid = readonly unknown[];

/**
 * A request body (or query) with these fields: all valid (so that hostile-but-valid text is stored too), one
 * field hostile and the others valid (so that the hostile one is what the route judges), or any mix of
 * valid, hostile and missing fields.
 */
export function fields(
  valid: Record<string, Valid | fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const good = Object.fromEntries(
    Object.entries(valid).map(([key, values]) => [
      key,
      values instanceof fc.Arbitrary ? values : fc.constantFrom(...values),
    ]),
  );
  const keys = Object.keys(valid);
  const mixed = fc
    .record(
      Object.fromEntries(
        Object.entries(good).map(([key, arbitrary]) => [
          key,
          fc.oneof(
            { weight: 3, arbitrary },
            { weight: 2, arbitrary: hostileValue },
            { weight: 1, arbitrary: fc.constant(undefined) },
          ),
        ]),
      ),
    )
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
  const oneHostile = fc
    .tuple(fc.record(good), fc.constantFrom(...keys), hostileValue)
    .map(([record, key, value]) => ({ ...record, [key]: value }));
  return fc.oneof(
    { weight: 1, arbitrary: fc.record(good) },
    { weight: 2, arbitrary: oneHostile },
    { weight: 2, arbitrary: mixed },
  );
}

/** Percent-encodes text as a client could, lone surrogates included (as WTF-8 bytes such as %ED%A0%80). */
export function encodeComponent(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** A query string of the fields (objects and lists as their JSON text, as a careless client would send). */
export const queryOf = (record: Record<string, unknown>) =>
  Object.entries(record)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `${encodeComponent(key)}=${encodeComponent(text ?? '')}`;
    })
    .join('&');

/** A file field of a multipart body: a real small PNG, random bytes, or nothing in it. */
export type FileMarker = { file: 'png' | 'empty' | number[] };
export const hostileFile: fc.Arbitrary<FileMarker> = fc.oneof(
  fc.constant<FileMarker>({ file: 'png' }),
  fc.constant<FileMarker>({ file: 'empty' }),
  fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }).map((bytes): FileMarker => ({ file: bytes })),
);
