import { formatDate } from '@shared/domain/israel-time';
import {
  ALL_FEATURES,
  ENTRY_DATE_OPTIONS,
  floorValue,
  isPlausibleRooms,
  PROPERTY_CATEGORIES,
  TRANSACTION_TYPES,
} from '@shared/domain/property-options';
import { type ImageRef, imageRefOf } from './image-refs';
import type { ResolveUser } from './map-metrics';
import type { Mapping } from './map-user';
import type { RecordNotes } from './report';
import { asBoolean, asDate, asName, asNumber, asStringList, asText, objectIdTime, refOf } from './values';

const SALE = new Set(['מכירה', 'למכירה', 'sale', 'sell']);
const RENT = new Set(['השכרה', 'להשכרה', 'rent', 'rental']);
const CATEGORIES = new Set<string>(PROPERTY_CATEGORIES);
const FEATURES = new Set<string>(ALL_FEATURES);
const ENTRY_DATES = new Set<string>(ENTRY_DATE_OPTIONS);
const MAX_SIZE = 1_000_000;

export type MappedProperty = {
  legacyId: string;
  typeTransaction: string;
  sold: boolean;
  pinuyBinuy: boolean;
  exclusive: boolean;
  yad2: string | null;
  city: string;
  address: string;
  price: number;
  category: string;
  rooms: number | null;
  floor: string | null;
  size: number | null;
  entryDate: string | null;
  propertyCondition: string | null;
  features: string[];
  description: string;
  agentId: string | null;
  agentSecendId: string | null;
  images: ImageRef[];
  createdAt: Date;
};

function typeOf(raw: unknown): string | null {
  const text = asText(raw)?.toLowerCase() ?? '';
  if (SALE.has(text)) return TRANSACTION_TYPES.sale;
  if (RENT.has(text)) return TRANSACTION_TYPES.rent;
  return null;
}

/** The category, made more precise by a subType that is one of ours (e.g. דירה + subType דירת גן). */
function categoryOf(doc: Record<string, unknown>, subTypes: string[], notes: RecordNotes): string {
  const raw = asText(doc.category);
  const precise = subTypes.find((s) => CATEGORIES.has(s) && s !== raw);
  if (raw && CATEGORIES.has(raw) && !precise) return raw;
  const value = precise ?? (raw && CATEGORIES.has(raw) ? raw : 'אחר');
  notes.mapped('category', { category: raw, subTypes }, value);
  return value;
}

/**
 * The fields the product's rules restrict (rooms in halves from 1 to 20, whole square metres, a floor number
 * or word, the SPEC's entry dates and features): a value the rules refuse is left out and noted; a floor or
 * an entry date given in other words (a date, '3/8') is kept as a line of the description.
 */
function plausibleFields(
  doc: Record<string, unknown>,
  features: string[],
  description: string,
  notes: RecordNotes,
) {
  const rooms = asNumber(doc.rooms);
  const size = asNumber(doc.size);
  const floorText = asText(doc.floor);
  const floor = floorText === null ? null : floorValue(floorText);
  let entryDate = asText(doc.entryDate);
  if (doc.entryDate instanceof Date) entryDate = formatDate(doc.entryDate);
  const fit = {
    rooms: rooms !== null && isPlausibleRooms(rooms) ? rooms : null,
    size: size !== null && size >= 0.5 && size <= MAX_SIZE ? Math.round(size) : null,
    floor,
    entryDate: entryDate !== null && ENTRY_DATES.has(entryDate) ? entryDate : null,
    features: [...new Set(features.filter((f) => FEATURES.has(f)))],
    description,
  };
  const kept = [
    floorText !== null && floor === null ? `קומה: ${floorText}` : null,
    entryDate !== null && fit.entryDate === null ? `מועד כניסה: ${entryDate}` : null,
  ].filter((line) => line !== null);
  if (kept.length > 0) fit.description = [description, ...kept].filter(Boolean).join('\n');
  if (rooms !== null && fit.rooms === null) notes.mapped('rooms', doc.rooms, null);
  if (size !== null && fit.size !== size) notes.mapped('size', doc.size, fit.size);
  if (floorText !== null && floor !== floorText) notes.mapped('floor', doc.floor, floor);
  if (entryDate !== null && fit.entryDate === null) notes.mapped('entryDate', doc.entryDate, null);
  const dropped = features.filter((f) => !FEATURES.has(f));
  if (dropped.length > 0) notes.mapped('features (dropped)', dropped, null);
  return fit;
}

function agentRef(doc: Record<string, unknown>, field: string, notes: RecordNotes, resolve: ResolveUser) {
  const { id } = refOf(doc[field]);
  if (!id) return null;
  const found = resolve(id);
  if (!found) notes.unknownRef(field, id);
  return found ?? null;
}

export function mapProperty(
  doc: Record<string, unknown>,
  notes: RecordNotes,
  resolve: ResolveUser,
): Mapping<MappedProperty> {
  const typeTransaction = typeOf(doc.typeTransaction);
  if (!typeTransaction)
    return { ok: false, reason: `unknown typeTransaction ${JSON.stringify(doc.typeTransaction ?? null)}` };
  if (asText(doc.typeTransaction) !== typeTransaction)
    notes.mapped('typeTransaction', doc.typeTransaction, typeTransaction);
  const city = asName(doc.city);
  const address = asName(doc.address);
  if (!city || !address) return { ok: false, reason: 'no city or address' };
  const price = asNumber(doc.price);
  if (price === null || price < 0)
    return { ok: false, reason: `no valid price (${JSON.stringify(doc.price ?? null)})` };

  const subTypes = asStringList(doc.subTypes);
  const features = asStringList(doc.features);
  for (const sub of subTypes) {
    if (FEATURES.has(sub) && !features.includes(sub)) features.push(sub);
  }
  const leftover = subTypes.filter((s) => !CATEGORIES.has(s) && !FEATURES.has(s));
  if (leftover.length > 0) notes.mapped('subTypes (dropped)', leftover, null);

  const description = asText(doc.description) ?? asText(doc.descrption) ?? '';
  if (doc.description === undefined && doc.descrption !== undefined)
    notes.mapped('descrption', 'descrption', 'description');

  const images: ImageRef[] = [];
  for (const value of [doc.image, ...(Array.isArray(doc.images) ? doc.images : [])]) {
    const ref = imageRefOf(value);
    const same = (r: ImageRef) => JSON.stringify(r) === JSON.stringify(ref);
    if (ref && !images.some(same)) images.push(ref);
  }
  for (const ref of images) if (ref.kind === 'url') notes.externalImage(ref.url);

  return {
    ok: true,
    value: {
      legacyId: notes.legacyId,
      typeTransaction,
      sold: asBoolean(doc.sold),
      pinuyBinuy: asBoolean(doc.pinuy_binuy),
      exclusive: asBoolean(doc.exclusive),
      yad2: asText(doc.yad2),
      city,
      address,
      price: Math.round(price),
      category: categoryOf(doc, subTypes, notes),
      ...plausibleFields(doc, features, description, notes),
      propertyCondition: asText(doc.propertyCondition),
      agentId: agentRef(doc, 'agent', notes, resolve),
      agentSecendId: agentRef(doc, 'agentSecend', notes, resolve),
      images,
      createdAt: asDate(doc.createdAt) ?? objectIdTime(notes.legacyId) ?? new Date(),
    },
  };
}
