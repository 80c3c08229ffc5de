import { formatDate } from '@shared/domain/israel-time';
import {
  EXTRA_CREATION_FEATURES,
  PROPERTY_CATEGORIES,
  PROPERTY_FEATURES,
  TRANSACTION_TYPES,
} from '@shared/domain/property-options';
import { type ImageRef, imageRefOf } from './image-refs';
import type { ResolveUser } from './map-metrics';
import type { Mapping } from './map-user';
import type { RecordNotes } from './report';
import { asBoolean, asDate, asNumber, asStringList, asText, objectIdTime, refOf } from './values';

const SALE = new Set(['מכירה', 'למכירה', 'sale', 'sell']);
const RENT = new Set(['השכרה', 'להשכרה', 'rent', 'rental']);
const CATEGORIES = new Set<string>(PROPERTY_CATEGORIES);
const FEATURES = new Set<string>([...PROPERTY_FEATURES, ...EXTRA_CREATION_FEATURES]);

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
  const city = asText(doc.city);
  const address = asText(doc.address);
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

  let entryDate = asText(doc.entryDate);
  if (doc.entryDate instanceof Date) {
    entryDate = formatDate(doc.entryDate);
    notes.mapped('entryDate', doc.entryDate, entryDate);
  }

  const rooms = asNumber(doc.rooms);
  const size = asNumber(doc.size);
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
      rooms: rooms !== null && rooms > 0 ? rooms : null,
      floor: asText(doc.floor),
      size: size !== null && size > 0 ? Math.round(size) : null,
      entryDate,
      propertyCondition: asText(doc.propertyCondition),
      features,
      description,
      agentId: agentRef(doc, 'agent', notes, resolve),
      agentSecendId: agentRef(doc, 'agentSecend', notes, resolve),
      images,
      createdAt: asDate(doc.createdAt) ?? objectIdTime(notes.legacyId) ?? new Date(),
    },
  };
}
