import { isInIsrael, publicPointOf, roundPoint } from '@shared/domain/geo';
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
import type { RecordNotes } from './report';
import { applyRules, type Mapping, RULES } from './rules';
import { asBoolean, asDate, asNumber, asStringList, asText, objectIdTime, refOf } from './values';

const SALE = new Set(['מכירה', 'למכירה', 'sale', 'sell']);
const RENT = new Set(['השכרה', 'להשכרה', 'rent', 'rental']);
const CATEGORIES = new Set<string>(PROPERTY_CATEGORIES);
type Category = (typeof PROPERTY_CATEGORIES)[number];
const isCategory = (value: string): value is Category => CATEGORIES.has(value);
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
  /** The exact point when the source has one in Israel, and its public twin (docs/decisions/0061). */
  lat: number | null;
  lng: number | null;
  publicLat: number | null;
  publicLng: number | null;
};

const NO_POINT = { lat: null, lng: null, publicLat: null, publicLng: null };

/**
 * The point a source record gives, in any of the shapes an earlier app kept it: `lat`/`lng` (or `latitude`/
 * `longitude`) fields, a `location` object with them, or a GeoJSON point (`location.coordinates`, longitude
 * first). A point outside Israel (or swapped) is left out and noted; the public point is drawn as the API draws it.
 */
function pointOf(doc: Record<string, unknown>, notes: RecordNotes) {
  const location =
    doc.location && typeof doc.location === 'object' ? (doc.location as Record<string, unknown>) : {};
  const coordinates = Array.isArray(location.coordinates) ? location.coordinates : [];
  const candidates: [unknown, unknown][] = [
    [doc.lat, doc.lng],
    [doc.latitude, doc.longitude],
    [location.lat, location.lng],
    [location.latitude, location.longitude],
    [coordinates[1], coordinates[0]],
  ];
  const given = candidates.find(([lat, lng]) => lat != null && lng != null);
  if (!given) return NO_POINT;
  const point = { lat: asNumber(given[0]), lng: asNumber(given[1]) };
  if (point.lat === null || point.lng === null || !isInIsrael({ lat: point.lat, lng: point.lng })) {
    notes.mapped('location', { lat: given[0], lng: given[1] }, null);
    return NO_POINT;
  }
  const exact = roundPoint({ lat: point.lat, lng: point.lng });
  const shown = publicPointOf(exact);
  return { ...exact, publicLat: shown.lat, publicLng: shown.lng };
}

function typeOf(raw: unknown): (typeof TRANSACTION_TYPES)[keyof typeof TRANSACTION_TYPES] | null {
  const text = asText(raw)?.toLowerCase() ?? '';
  if (SALE.has(text)) return TRANSACTION_TYPES.sale;
  if (RENT.has(text)) return TRANSACTION_TYPES.rent;
  return null;
}

/** The category, made more precise by a subType that is one of ours (e.g. דירה + subType דירת גן). */
function categoryOf(doc: Record<string, unknown>, subTypes: string[], notes: RecordNotes): Category {
  const raw = asText(doc.category);
  const precise = subTypes.filter(isCategory).find((s) => s !== raw);
  if (raw && isCategory(raw) && !precise) return raw;
  const value = precise ?? (raw && isCategory(raw) ? raw : 'אחר');
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

/** A yad2 link the API would refuse (not an http(s) URL) is left out and noted, like the other optional fields. */
function yad2Of(doc: Record<string, unknown>, notes: RecordNotes): string | null {
  const given = asText(doc.yad2);
  if (given === null) return null;
  const link = RULES.yad2.safeParse(given);
  if (link.success) return link.data || null;
  notes.mapped('yad2', given, null);
  return null;
}

export function mapProperty(
  doc: Record<string, unknown>,
  notes: RecordNotes,
  resolve: ResolveUser,
): Mapping<MappedProperty> {
  const typeTransaction = typeOf(doc.typeTransaction);
  if (!typeTransaction)
    return {
      ok: false,
      invalid: true,
      reason: `unknown typeTransaction ${JSON.stringify(doc.typeTransaction ?? null)}`,
    };
  if (asText(doc.typeTransaction) !== typeTransaction)
    notes.mapped('typeTransaction', doc.typeTransaction, typeTransaction);
  if (asText(doc.city) === null || asText(doc.address) === null)
    return { ok: false, reason: 'no city or address', invalid: true };
  const price = asNumber(doc.price);
  if (price === null || price < 0)
    return { ok: false, invalid: true, reason: `no valid price (${JSON.stringify(doc.price ?? null)})` };

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

  // The API's rules on every field, as an admin's create would meet them: lengths, characters, numbers.
  const checked = applyRules(RULES.property, {
    typeTransaction,
    sold: asBoolean(doc.sold),
    pinuy_binuy: asBoolean(doc.pinuy_binuy),
    exclusive: asBoolean(doc.exclusive),
    yad2: yad2Of(doc, notes),
    city: asText(doc.city)!,
    address: asText(doc.address)!,
    price: Math.round(price),
    category: categoryOf(doc, subTypes, notes),
    ...plausibleFields(doc, features, description, notes),
    propertyCondition: asText(doc.propertyCondition),
  });
  if (!checked.ok) return checked;
  const p = checked.value;
  return {
    ok: true,
    value: {
      legacyId: notes.legacyId,
      typeTransaction: p.typeTransaction,
      sold: p.sold ?? false,
      pinuyBinuy: p.pinuy_binuy ?? false,
      exclusive: p.exclusive ?? false,
      yad2: p.yad2 ?? null,
      city: p.city,
      address: p.address,
      price: p.price,
      category: p.category,
      rooms: p.rooms ?? null,
      floor: p.floor ?? null,
      size: p.size ?? null,
      entryDate: p.entryDate ?? null,
      propertyCondition: p.propertyCondition || null,
      features: p.features ?? [],
      description: p.description ?? '',
      agentId: agentRef(doc, 'agent', notes, resolve),
      agentSecendId: agentRef(doc, 'agentSecend', notes, resolve),
      images,
      createdAt: asDate(doc.createdAt) ?? objectIdTime(notes.legacyId) ?? new Date(),
      ...pointOf(doc, notes),
    },
  };
}
