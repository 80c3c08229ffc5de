/**
 * Reads a `mongoexport` file: a JSON array (`--jsonArray`) or one document per line, in canonical or relaxed
 * Extended JSON. Ids become their hex string, dates become Date, wrapped numbers become numbers.
 */
export function parseExport(text: string, fileName: string): Record<string, unknown>[] {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return [];
  let documents: unknown[];
  if (trimmed.startsWith('[')) {
    documents = parseJson(trimmed, fileName) as unknown[];
  } else {
    documents = trimmed
      .split(/\r?\n/)
      .map((line, i) => ({ line: line.trim(), number: i + 1 }))
      .filter(({ line }) => line !== '')
      .map(({ line, number }) => parseJson(line, `${fileName} line ${number}`));
  }
  return documents.map((doc, i) => {
    const value = revive(doc);
    if (!isRecord(value)) throw new ExportFormatError(`${fileName}: item ${i + 1} is not a document`);
    return value;
  });
}

export class ExportFormatError extends Error {
  override name = 'ExportFormatError';
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ExportFormatError(`${where}: not valid JSON (${(err as Error).message})`);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const [key] = keys as [string];
    const inner = value[key];
    switch (key) {
      case '$oid':
        return String(inner);
      case '$date':
        return toDate(inner);
      case '$numberInt':
      case '$numberLong':
      case '$numberDouble':
      case '$numberDecimal':
        return Number(inner);
    }
  }
  return Object.fromEntries(keys.map((key) => [key, revive(value[key])]));
}

function toDate(inner: unknown): Date | null {
  // Canonical form: { "$date": { "$numberLong": "1700000000000" } }; relaxed: ISO-8601 text or milliseconds.
  const raw = isRecord(inner) && '$numberLong' in inner ? Number(inner.$numberLong) : inner;
  const date = new Date(raw as string | number);
  return Number.isNaN(date.getTime()) ? null : date;
}
