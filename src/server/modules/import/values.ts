import { isRecord } from './extended-json';

/** A legacy `_id` as text: the ObjectId's hex string, or whatever scalar the app used. */
export function legacyIdOf(doc: Record<string, unknown>): string | null {
  const id = doc._id;
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  if (typeof id === 'number') return String(id);
  return null;
}

/** The creation time an ObjectId carries in its first 4 bytes (seconds since 1970). */
export function objectIdTime(id: string | null): Date | null {
  if (!id || !/^[0-9a-f]{24}$/i.test(id)) return null;
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000);
}

export function asDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/[,₪\s]/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function asBoolean(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}

/** A reference field: an id, a populated document, or an array of them (the first one counts). */
export function refOf(value: unknown): { id: string | null; extra: number } {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const ids = list
    .map((item) => (isRecord(item) ? item._id : item))
    .filter((item): item is string => typeof item === 'string' && item !== '');
  return { id: ids[0] ?? null, extra: Math.max(0, ids.length - 1) };
}

export function asStringList(value: unknown): string[] {
  if (!Array.isArray(value)) return typeof value === 'string' && value.trim() ? [value.trim()] : [];
  return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
}
