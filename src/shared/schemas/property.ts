import { z } from 'zod';
import { type Bbox, ISRAEL_BOUNDS, isInIsrael, MAP_MAX_ZOOM, parseBbox } from '../domain/geo-box';
import {
  ALL_FEATURES,
  ENTRY_DATE_OPTIONS,
  floorValue,
  isPlausibleRooms,
  MAX_FLOOR,
  MIN_FLOOR,
  PROPERTY_CATEGORIES,
  SEARCH_SORTS,
  TRANSACTION_TYPES,
} from '../domain/property-options';
import {
  AMENITY_KEYS,
  type Amenity,
  ENTRY_FILTER_KEYS,
  type EntryFilter,
  PRICE_PER_METER_MAX,
  SEARCH_FLOORS,
} from '../domain/search-filters';
import { isHttpUrl } from '../domain/urls';
import { branchRefSchema } from './branch';
import { freeText, idSchema, numberText, optionalLine, successSchema, trimmed } from './common';

export const PROPERTY_MESSAGES = {
  dealTypeRequired: 'חובה לבחור סוג עסקה',
  cityRequired: 'יש להזין עיר',
  addressRequired: 'יש להזין כתובת',
  priceInvalid: 'המחיר חייב להיות מספר שאינו שלילי',
  categoryInvalid: 'סוג הנכס אינו מוכר',
  numberInvalid: 'יש להזין מספר שאינו שלילי',
  booleanInvalid: 'ערך לא תקין (כן/לא)',
  textInvalid: 'יש להזין טקסט',
  linkInvalid: 'כתובת קישור לא תקינה',
  agentUnknown: 'הסוכן שנבחר אינו קיים או אינו פעיל',
  notFound: 'הנכס לא נמצא',
  gone: 'הנכס הוסר מהאתר',
  tooManyImages: 'ניתן לצרף עד 30 תמונות לנכס',
  imageNotFound: 'התמונה לא נמצאה',
  orderInvalid: 'סדר התמונות חייב לכלול את כל תמונות הנכס בדיוק פעם אחת',
  roomsInvalid: 'מספר החדרים חייב להיות בין 1 ל-20, בחצאי חדר',
  sizeInvalid: 'השטח חייב להיות מספר שלם של מ"ר',
  floorInvalid: `יש להזין מספר קומה (${MIN_FLOOR} עד ${MAX_FLOOR}), קרקע או מרתף`,
  entryDateInvalid: `מועד הכניסה חייב להיות אחד מאלה: ${ENTRY_DATE_OPTIONS.join(', ')}`,
  featureInvalid: 'מאפיין לא מוכר',
  buildingFloorsInvalid: `מספר הקומות בבניין חייב להיות מספר שלם בין 1 ל-${MAX_FLOOR}`,
  searchFloorInvalid: `הקומה חייבת להיות מספר שלם בין ${SEARCH_FLOORS.min} ל-${SEARCH_FLOORS.max} (קרקע היא 0)`,
  pricePerMeterInvalid: 'המחיר למ"ר חייב להיות מספר שלם של שקלים שאינו שלילי',
  minAboveMax: 'המינימום לא יכול לעלות על המקסימום',
  amenityInvalid: 'מאפיין לא מוכר (חניה, ממ"ד, מעלית, מחסן, נגישות או מרפסת)',
  entryFilterInvalid: 'מועד כניסה לא מוכר (מיידית, או מיידית או גמישה)',
  flagInvalid: 'ערך לא תקין (1 לסימון)',
  coordinateInvalid: 'קו רוחב וקו אורך חייבים להיות מספרים (במעלות)',
  locationOutsideIsrael: `המיקום חייב להיות בתחומי ישראל (קו רוחב ${ISRAEL_BOUNDS.south}–${ISRAEL_BOUNDS.north}, קו אורך ${ISRAEL_BOUNDS.west}–${ISRAEL_BOUNDS.east})`,
  bboxInvalid: 'אזור המפה אינו תקין (מערב, דרום, מזרח, צפון במעלות)',
  zoomInvalid: 'רמת התקריב חייבת להיות מספר שלם בין 0 ל-22',
} as const;

export const MAX_IMAGES_PER_PROPERTY = 30;
export const SIMILAR_PRICE_RANGE = 400_000;
export const SIMILAR_MAX = 5;

export const transactionTypeSchema = z.enum([TRANSACTION_TYPES.sale, TRANSACTION_TYPES.rent], {
  error: PROPERTY_MESSAGES.dealTypeRequired,
});
export const categorySchema = z.enum(PROPERTY_CATEGORIES, { error: PROPERTY_MESSAGES.categoryInvalid });

/** A single-line text (a link, a condition): line breaks, bidi controls and direction marks removed. */
const text = (max: number, message: string = PROPERTY_MESSAGES.textInvalid) =>
  optionalLine(max, `עד ${max} תווים`, message);
const required = (max: number, message: string) => trimmed(max, message);
const flag = z.boolean({ error: PROPERTY_MESSAGES.booleanInvalid });
const link = text(500, PROPERTY_MESSAGES.linkInvalid).refine((value) => value === '' || isHttpUrl(value), {
  error: PROPERTY_MESSAGES.linkInvalid,
});
const agentRef = z.uuid({ error: PROPERTY_MESSAGES.agentUnknown }).nullable();
/** One of a fixed list of values (SPEC section 9), trimmed; empty text is null (none). */
const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((value) => value || null)
    .pipe(z.enum(options, { error: message }).nullable())
    .nullable();
const feature = z
  .string({ error: PROPERTY_MESSAGES.featureInvalid })
  .trim()
  .pipe(z.enum(ALL_FEATURES, { error: PROPERTY_MESSAGES.featureInvalid }));
const rooms = z
  .number({ error: PROPERTY_MESSAGES.numberInvalid })
  .min(0, { error: PROPERTY_MESSAGES.numberInvalid, abort: true })
  .refine(isPlausibleRooms, { error: PROPERTY_MESSAGES.roomsInvalid });
const size = z
  .number({ error: PROPERTY_MESSAGES.sizeInvalid })
  .int({ error: PROPERTY_MESSAGES.sizeInvalid })
  .min(1, { error: PROPERTY_MESSAGES.sizeInvalid })
  .max(1_000_000, { error: `עד ${(1_000_000).toLocaleString('he-IL')}` });
/** A floor number or word, stored as floorValue gives it; empty text is null (none). */
const floor = z
  .string({ error: PROPERTY_MESSAGES.floorInvalid })
  .trim()
  .transform((value, ctx) => {
    if (value === '') return null;
    const stored = floorValue(value);
    if (stored === null) ctx.addIssue({ code: 'custom', message: PROPERTY_MESSAGES.floorInvalid });
    return stored ?? value;
  })
  .nullable();

const coordinate = z
  .number({ error: PROPERTY_MESSAGES.coordinateInvalid })
  .refine(Number.isFinite, { error: PROPERTY_MESSAGES.coordinateInvalid });
/** A point in degrees; a property's lies in Israel (docs/locations.md). */
export const latLngSchema = z.object(
  { lat: coordinate, lng: coordinate },
  { error: PROPERTY_MESSAGES.coordinateInvalid },
);
const location = latLngSchema.refine(isInIsrael, { error: PROPERTY_MESSAGES.locationOutsideIsrael });

/** The fields an admin writes (create and PATCH); agents are given as user ids. */
export const propertyFieldsSchema = z.object({
  typeTransaction: transactionTypeSchema,
  sold: flag,
  pinuy_binuy: flag,
  exclusive: flag,
  yad2: link.nullable(),
  city: required(80, PROPERTY_MESSAGES.cityRequired),
  address: required(160, PROPERTY_MESSAGES.addressRequired),
  price: z
    .number({ error: PROPERTY_MESSAGES.priceInvalid })
    .int({ error: PROPERTY_MESSAGES.priceInvalid })
    .min(0, { error: PROPERTY_MESSAGES.priceInvalid })
    .max(1_000_000_000, { error: PROPERTY_MESSAGES.priceInvalid }),
  category: categorySchema,
  rooms: rooms.nullable(),
  floor,
  size: size.nullable(),
  entryDate: choice(ENTRY_DATE_OPTIONS, PROPERTY_MESSAGES.entryDateInvalid),
  buildingFloors: z
    .number({ error: PROPERTY_MESSAGES.buildingFloorsInvalid })
    .int({ error: PROPERTY_MESSAGES.buildingFloorsInvalid })
    .min(1, { error: PROPERTY_MESSAGES.buildingFloorsInvalid })
    .max(MAX_FLOOR, { error: PROPERTY_MESSAGES.buildingFloorsInvalid })
    .nullable(),
  neighbourhood: text(80).nullable(),
  propertyCondition: text(60).nullable(),
  features: z.array(feature, { error: PROPERTY_MESSAGES.textInvalid }).max(40),
  description: freeText(5000, 'עד 5000 תווים', PROPERTY_MESSAGES.textInvalid),
  agent: agentRef,
  agentSecend: agentRef,
  /** The branch that holds the listing (docs/decisions/0032); left out on create: the agent's, or the manager's. */
  branch: idSchema.optional(),
  /** The exact point, staff only (the public get its offset twin, docs/decisions/0061); null: not known. */
  location: location.nullable(),
});

const REQUIRED_ON_CREATE = {
  typeTransaction: true,
  city: true,
  address: true,
  price: true,
  category: true,
} as const;
/** Create: deal type, city, address, price and category are required; the rest may be left out. */
export const createPropertySchema = propertyFieldsSchema
  .pick(REQUIRED_ON_CREATE)
  .extend(propertyFieldsSchema.omit(REQUIRED_ON_CREATE).partial().shape);
export type CreatePropertyInput = z.infer<typeof createPropertySchema>;

export const updatePropertySchema = propertyFieldsSchema.partial().strict();
export type UpdatePropertyInput = z.infer<typeof updatePropertySchema>;

/**
 * An agent of a listing as the public sees them: only someone shown on the site (else the listing answers
 * without them and its contact is the branch), with their own phone or, when they keep it private, their
 * branch's office phone (`officePhone`).
 */
export const propertyAgentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone_number: z.string(),
  officePhone: z.boolean(),
  image: z.string().nullable(),
});
export type PropertyAgent = z.infer<typeof propertyAgentSchema>;

export const photoVariantSchema = z.object({ width: z.number(), height: z.number(), url: z.string() });
/** One photo with its WebP variants, smallest first, for `srcset`. */
export const photoSchema = z.object({
  _id: z.string(),
  width: z.number(),
  height: z.number(),
  variants: z.array(photoVariantSchema),
});
export type Photo = z.infer<typeof photoSchema>;

export const propertySchema = z.object({
  _id: z.string(),
  typeTransaction: z.string(),
  sold: z.boolean(),
  pinuy_binuy: z.boolean(),
  exclusive: z.boolean(),
  yad2: z.string().nullable(),
  city: z.string(),
  address: z.string(),
  price: z.number(),
  category: z.string(),
  rooms: z.number().nullable(),
  floor: z.string().nullable(),
  size: z.number().nullable(),
  entryDate: z.string().nullable(),
  buildingFloors: z.number().nullable(),
  neighbourhood: z.string().nullable(),
  propertyCondition: z.string().nullable(),
  features: z.array(z.string()),
  description: z.string(),
  image: z.string().nullable(),
  images: z.array(z.string()),
  photos: z.array(photoSchema),
  agent: propertyAgentSchema.nullable(),
  agentSecend: propertyAgentSchema.nullable(),
  /** The branch that holds the listing: the property page names it, its contact buttons reach its phone. */
  branch: branchRefSchema.extend({ phone: z.string() }),
  createdAt: z.string(),
  /**
   * The public point (docs/decisions/0061): 150-300 m from the exact one, the same on every answer; null when
   * the listing has no point. Never the exact point: staff read that from /property/:id/location.
   */
  location: latLngSchema.nullable(),
});
export type Property = z.infer<typeof propertySchema>;

/** A listing's exact and public points, for its managers (the edit form's map). */
export const propertyLocationResponseSchema = successSchema(
  z.object({ exact: latLngSchema.nullable(), public: latLngSchema.nullable() }),
);
export type PropertyLocation = z.infer<typeof propertyLocationResponseSchema>['data'];

const queryNumber = (max: number, whole = false) => {
  const number = z
    .number({ error: PROPERTY_MESSAGES.numberInvalid })
    .min(0, { error: PROPERTY_MESSAGES.numberInvalid })
    .max(max, { error: PROPERTY_MESSAGES.numberInvalid });
  return numberText((whole ? number.int({ error: PROPERTY_MESSAGES.numberInvalid }) : number).optional());
};
const queryText = z.string().trim().max(160).optional();
const wholeIn = (min: number, max: number, message: string) =>
  numberText(
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .optional(),
  );
/** A checkbox of a plain GET form: '1' (or 'true') when ticked, absent when not. */
const queryFlag = z
  .enum(['1', 'true', '0', 'false', ''], { error: PROPERTY_MESSAGES.flagInvalid })
  .optional()
  .transform((v) => v === '1' || v === 'true');
/** Repeated keys (amenities=parking&amenities=safeRoom) arrive as an array, a single one as a string. */
const queryList = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(options, { error: message }), { error: message }).max(options.length * 2),
  );

/** A box 'w,s,e,n' (src/shared/domain/geo.ts, parseBbox); empty: none. */
const bboxQuery = z
  .string({ error: PROPERTY_MESSAGES.bboxInvalid })
  .max(120, { error: PROPERTY_MESSAGES.bboxInvalid })
  .optional()
  .transform((value, ctx): Bbox | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const box = parseBbox(value);
    if (!box) ctx.addIssue({ code: 'custom', message: PROPERTY_MESSAGES.bboxInvalid });
    return box ?? undefined;
  });

/**
 * The filters of issue 39 (docs/search.md): floor range (ground 0), not ground, not top, amenities, entry,
 * price per m² and neighbourhood; refused with Hebrew messages for an unknown value or a minimum above its
 * maximum.
 */
export const extraSearchFields = {
  minFloor: wholeIn(SEARCH_FLOORS.min, SEARCH_FLOORS.max, PROPERTY_MESSAGES.searchFloorInvalid),
  maxFloor: wholeIn(SEARCH_FLOORS.min, SEARCH_FLOORS.max, PROPERTY_MESSAGES.searchFloorInvalid),
  notGround: queryFlag,
  notTop: queryFlag,
  amenities: queryList(AMENITY_KEYS as [Amenity, ...Amenity[]], PROPERTY_MESSAGES.amenityInvalid),
  entry: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(ENTRY_FILTER_KEYS as [EntryFilter, ...EntryFilter[]], {
        error: PROPERTY_MESSAGES.entryFilterInvalid,
      })
      .optional(),
  ),
  minPricePerMeter: wholeIn(0, PRICE_PER_METER_MAX, PROPERTY_MESSAGES.pricePerMeterInvalid),
  maxPricePerMeter: wholeIn(0, PRICE_PER_METER_MAX, PROPERTY_MESSAGES.pricePerMeterInvalid),
  neighbourhood: z.string().trim().max(80, { error: 'עד 80 תווים' }).optional(),
  /** 'Search this area': the map's box, 'w,s,e,n' in degrees (the listings whose public point lies in it). */
  bbox: bboxQuery,
};

type RangeIssues = {
  minFloor?: number;
  maxFloor?: number;
  minPricePerMeter?: number;
  maxPricePerMeter?: number;
};
/** A minimum above its maximum is refused, on the minimum's field. */
export function refineExtraRanges(f: RangeIssues, ctx: z.RefinementCtx) {
  const pairs = [
    ['minFloor', 'maxFloor'],
    ['minPricePerMeter', 'maxPricePerMeter'],
  ] as const;
  for (const [min, max] of pairs) {
    const low = f[min];
    const high = f[max];
    if (low !== undefined && high !== undefined && low > high)
      ctx.addIssue({ code: 'custom', path: [min], message: PROPERTY_MESSAGES.minAboveMax });
  }
}

/** The filters of a search (the list's and the map's), without its order and page. */
const searchFilterFields = {
  type: z.enum(['sale', 'rent'], { error: PROPERTY_MESSAGES.dealTypeRequired }),
  city: queryText,
  street: queryText,
  category: categorySchema.or(z.literal('')).optional(),
  minRooms: queryNumber(100),
  maxRooms: queryNumber(100),
  // Prices are whole shekels (an integer column): 100.5 is refused, not compared.
  minPrice: queryNumber(1_000_000_000, true),
  maxPrice: queryNumber(1_000_000_000, true),
  /** true: the sold sales (type=sale) or rented rentals (type=rent), most recently changed first by default. */
  sold: z
    .enum(['true', 'false'], { error: 'ערך לא תקין' })
    .default('false')
    .transform((v) => v === 'true'),
  ...extraSearchFields,
};

/** The server-side search of the sale and rent pages (only properties that are not sold). */
export const propertySearchQuerySchema = z
  .object({
    ...searchFilterFields,
    sort: z.enum(SEARCH_SORTS, { error: 'מיון לא מוכר' }).default('newest'),
    page: numberText(z.number().int().min(1).max(100_000).default(1)),
    pageSize: numberText(z.number().int().min(1).max(60).default(12)),
  })
  .superRefine(refineExtraRanges);
export type PropertySearchQuery = z.infer<typeof propertySearchQuerySchema>;

/**
 * The map's clusters (docs/locations.md): the search's filters, the visible box (required) and the zoom, capped
 * at MAP_MAX_ZOOM for the public point's sake (a deeper zoom is answered as that one).
 */
export const propertyClustersQuerySchema = z
  .object({
    ...searchFilterFields,
    bbox: bboxQuery.refine((box) => box !== undefined, { error: PROPERTY_MESSAGES.bboxInvalid }),
    zoom: numberText(
      z
        .number({ error: PROPERTY_MESSAGES.zoomInvalid })
        .int({ error: PROPERTY_MESSAGES.zoomInvalid })
        .min(0, { error: PROPERTY_MESSAGES.zoomInvalid })
        .max(22, { error: PROPERTY_MESSAGES.zoomInvalid }),
    ).transform((zoom) => Math.min(zoom, MAP_MAX_ZOOM)),
  })
  .superRefine(refineExtraRanges);
export type PropertyClustersQuery = z.infer<typeof propertyClustersQuerySchema>;

/** A group of listings on the map: where it is drawn, how many, and the zoom that splits it. */
const clusterSchema = z.object({
  kind: z.literal('cluster'),
  id: z.number(),
  lat: z.number(),
  lng: z.number(),
  count: z.number(),
  expansionZoom: z.number(),
});
/** One listing on the map: its public point only (docs/decisions/0061), price, rooms and a small photo. */
const pinSchema = z.object({
  kind: z.literal('pin'),
  id: z.string(),
  lat: z.number(),
  lng: z.number(),
  price: z.number(),
  rooms: z.number().nullable(),
  image: z.string().nullable(),
});
export const propertyClustersSchema = z.object({
  /** The zoom the groups were made for: the one asked, capped (MAP_MAX_ZOOM), or less when a box held too many. */
  zoom: z.number(),
  /** Listings matching the filters that have a point, in the whole map (not only the box). */
  total: z.number(),
  features: z.array(z.discriminatedUnion('kind', [clusterSchema, pinSchema])),
});
export type PropertyClusters = z.infer<typeof propertyClustersSchema>;

/** What the browser's map needs before it starts: the style to draw (a setting) and the deepest zoom allowed. */
export const mapSettingsSchema = z.object({ styleUrl: z.string(), maxZoom: z.number() });
export type MapSettings = z.infer<typeof mapSettingsSchema>;
export const mapSettingsResponseSchema = successSchema(mapSettingsSchema);
export const propertyClustersResponseSchema = successSchema(propertyClustersSchema);

export const propertyResponseSchema = successSchema(z.object({ data: propertySchema }));
/**
 * Who holds a listing, as its managers see it (the edit form): both agents with their own phones, shown on the
 * site or not (the public answers leave out whom the site does not show, docs/decisions/0057).
 */
export const propertyAgentsResponseSchema = successSchema(
  z.object({ agent: propertyAgentSchema.nullable(), agentSecend: propertyAgentSchema.nullable() }),
);
export type PropertyAgents = z.infer<typeof propertyAgentsResponseSchema>['data'];
export const propertyListResponseSchema = successSchema(z.object({ data: z.array(propertySchema) }));
/**
 * Searches count their matches exactly up to this many; past it the answer says 'more than' (the count then
 * costs at most this many rows, not every match), and the pages reach this many properties.
 */
export const SEARCH_COUNT_CAP = 1_000;

export const propertyPageSchema = z.object({
  items: z.array(propertySchema),
  /** Exact up to SEARCH_COUNT_CAP; when totalCapped, there are more than that many matches. */
  total: z.number(),
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type PropertyPage = z.infer<typeof propertyPageSchema>;
export const propertySearchResponseSchema = successSchema(propertyPageSchema);
export const similarResponseSchema = successSchema(z.object({ data: z.array(propertySchema) }));
export const namesResponseSchema = successSchema(z.array(z.string()));
/** The city suggestions of one list: /Sale asks for the cities with properties for sale (not sold). */
export const citiesQuerySchema = z.object({ type: z.enum(['sale', 'rent']).optional() });
export const streetsQuerySchema = z.object({ city: z.string().trim().max(80).default('') });
export const agentParamsSchema = z.object({ agentId: idSchema });
export const imageParamsSchema = z.object({ id: idSchema, imageId: idSchema });
export const imageOrderSchema = z.object({ order: z.array(idSchema).max(MAX_IMAGES_PER_PROPERTY) });

/** Deal type of the search `type` parameter, as stored. */
export const searchTypeToTransaction = (type: 'sale' | 'rent') => TRANSACTION_TYPES[type];
