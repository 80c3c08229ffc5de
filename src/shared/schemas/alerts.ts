import { z } from 'zod';
import { ALERT_FREQUENCIES, ALERTS_CONSENT_TEXT } from '../domain/alerts-consent';
import { EMAIL_INVALID_MESSAGE, EMAIL_PATTERN } from '../domain/email';
import { type Bbox, isBbox } from '../domain/geo-box';
import { cleanPhone, isIsraeliMobile, PHONE_INVALID_MESSAGE } from '../domain/phone';
import { plural } from '../domain/plural';
import { ALL_FEATURES, PROPERTY_CATEGORIES } from '../domain/property-options';
import { SEARCH_PRICE_MAX, SEARCH_ROOMS } from '../domain/saved-search';
import {
  ENTRY_FILTER_KEYS,
  type EntryFilter,
  PRICE_PER_METER_MAX,
  SEARCH_FLOORS,
} from '../domain/search-filters';
import { idSchema, optionalLine, successSchema, trimmed } from './common';
import { honeypot, LEAD_MESSAGES } from './leads';
import { PROPERTY_MESSAGES, refineExtraRanges } from './property';

/** The Hebrew messages of the alerts API (docs/alerts.md). */
export const ALERT_MESSAGES = {
  consentRequired: 'יש לסמן את תיבת ההסכמה כדי לקבל עדכונים',
  consentOutdated: 'נוסח ההסכמה התעדכן. יש לרענן את הדף ולנסות שוב',
  tokenNotFound: 'הקישור אינו תקף: ייתכן שבוטל או שהפרטים נמחקו',
  searchNotFound: 'החיפוש השמור לא נמצא',
  propertyNotFound: 'הנכס לא נמצא',
  frequencyInvalid: 'יש לבחור תדירות: מיד או סיכום יומי',
  typeInvalid: 'יש לבחור מכירה או השכרה',
  categoryInvalid: 'סוג הנכס אינו מוכר',
  featureInvalid: 'מאפיין לא מוכר',
  numberInvalid: 'יש להקליד מספר',
  wholeShekels: 'המחיר הוא בשקלים שלמים',
  /** The listing filters' own words (src/web/i18n/properties.ts, filters.typed), as a refusal. */
  outOfRange: (low: string, high: string) => `אפשר להקליד בין ${low} ל-${high}`,
  minAboveMax: 'המינימום לא יכול לעלות על המקסימום',
  tooManySearches: (max: number) =>
    `אפשר לשמור עד ${plural(max, { one: 'חיפוש אחד', other: '{n} חיפושים' })}`,
  tooManyFavourites: (max: number) =>
    `אפשר לשמור עד ${plural(max, { one: 'נכס אחד', other: '{n} נכסים' })} במועדפים`,
  subscribed: 'שלחנו אליכם מייל עם קישור לאישור. ההתראות יתחילו אחרי שתאשרו.',
  /** A subscription with a mobile phone only: the private link is on the screen, and no mail can be sent. */
  phoneOnlySubscribed:
    'נשמר. הקישור האישי שלכם מוצג כאן, וסוכן מהמשרד יחזור אליכם בטלפון. בלי כתובת מייל לא נשלחים עדכונים במייל.',
  contactRequired: 'יש להזין כתובת מייל או מספר טלפון נייד',
  emailAlreadyGiven: 'לקישור הזה כבר יש כתובת מייל',
  linkSent: 'אם הכתובת רשומה אצלנו, שלחנו אליה את הקישור האישי.',
  confirmed: 'ההרשמה אושרה',
  deleted: 'כל הפרטים שלכם נמחקו',
  unsubscribed: 'הוסרתם מרשימת התפוצה, ולא יישלחו אליכם עוד עדכונים',
} as const;

export { ALERT_FREQUENCIES, ALERTS_CONSENT_TEXT };

/** Limits per subscriber. @public */
export const MAX_SAVED_SEARCHES = 10;
export const MAX_FAVOURITES = 200;

/** @public (the web side imports it) */
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const alertFrequencySchema = z.enum(ALERT_FREQUENCIES, { error: ALERT_MESSAGES.frequencyInvalid });

const shekels = (value: number) => `${value.toLocaleString('en-US')} ₪`;
const number = z.number({ error: ALERT_MESSAGES.numberInvalid }).refine(Number.isFinite, {
  error: ALERT_MESSAGES.numberInvalid,
  abort: true,
});
const text = (max: number) => optionalLine(max, `עד ${max} תווים`);

const wholeIn = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .optional();
/** The filters of issue 39 in a saved search (docs/search.md); the amenities are its features. */
const extraFilterFields = {
  minFloor: wholeIn(SEARCH_FLOORS.min, SEARCH_FLOORS.max, PROPERTY_MESSAGES.searchFloorInvalid),
  maxFloor: wholeIn(SEARCH_FLOORS.min, SEARCH_FLOORS.max, PROPERTY_MESSAGES.searchFloorInvalid),
  notGround: z.boolean({ error: PROPERTY_MESSAGES.booleanInvalid }).optional(),
  notTop: z.boolean({ error: PROPERTY_MESSAGES.booleanInvalid }).optional(),
  entry: z
    .enum(ENTRY_FILTER_KEYS as [EntryFilter, ...EntryFilter[]], {
      error: PROPERTY_MESSAGES.entryFilterInvalid,
    })
    .optional(),
  minPricePerMeter: wholeIn(0, PRICE_PER_METER_MAX, PROPERTY_MESSAGES.pricePerMeterInvalid),
  maxPricePerMeter: wholeIn(0, PRICE_PER_METER_MAX, PROPERTY_MESSAGES.pricePerMeterInvalid),
  neighbourhood: text(80).optional(),
  /** 'Search this area' (docs/locations.md): the map's box [west, south, east, north] in degrees. */
  bbox: z
    .array(z.number({ error: PROPERTY_MESSAGES.bboxInvalid }), { error: PROPERTY_MESSAGES.bboxInvalid })
    .refine(isBbox, { error: PROPERTY_MESSAGES.bboxInvalid })
    .transform((box) => box as Bbox)
    .nullable()
    .optional(),
};

/**
 * A saved search's filters: /Sale's or /Rent's (src/web/features/properties/filters.ts) without the sort, plus
 * features. A range end left out is the slider's end (no bound). Refused, with the filters' messages: a value
 * outside the slider's range, a part-shekel price, a minimum above its maximum.
 */
export const savedSearchFiltersSchema = z
  .object({
    type: z.enum(['sale', 'rent'], { error: ALERT_MESSAGES.typeInvalid }),
    city: text(80).default(''),
    street: text(160).default(''),
    category: z
      .enum(PROPERTY_CATEGORIES, { error: ALERT_MESSAGES.categoryInvalid })
      .or(z.literal(''))
      .default(''),
    minRooms: number.optional(),
    maxRooms: number.optional(),
    minPrice: number.optional(),
    maxPrice: number.optional(),
    features: z
      .array(z.enum(ALL_FEATURES, { error: ALERT_MESSAGES.featureInvalid }), {
        error: ALERT_MESSAGES.featureInvalid,
      })
      .max(ALL_FEATURES.length)
      .default([]),
    ...extraFilterFields,
  })
  .superRefine((f, ctx) => {
    refineExtraRanges(f, ctx);
    const roomsRange = ALERT_MESSAGES.outOfRange(String(SEARCH_ROOMS.min), String(SEARCH_ROOMS.max));
    const top = SEARCH_PRICE_MAX[f.type];
    const priceRange = ALERT_MESSAGES.outOfRange(shekels(0), shekels(top));
    const check = (key: 'minRooms' | 'maxRooms' | 'minPrice' | 'maxPrice') => {
      const value = f[key];
      if (value === undefined) return true;
      const isPrice = key.endsWith('Price');
      const [low, high] = isPrice ? [0, top] : [SEARCH_ROOMS.min, SEARCH_ROOMS.max];
      let message: string | null = null;
      if (value < low || value > high) message = isPrice ? priceRange : roomsRange;
      else if (isPrice && !Number.isInteger(value)) message = ALERT_MESSAGES.wholeShekels;
      if (message) ctx.addIssue({ code: 'custom', path: [key], message });
      return message === null;
    };
    const rooms = [check('minRooms'), check('maxRooms')].every(Boolean);
    const prices = [check('minPrice'), check('maxPrice')].every(Boolean);
    if (rooms && f.minRooms !== undefined && f.maxRooms !== undefined && f.minRooms > f.maxRooms)
      ctx.addIssue({ code: 'custom', path: ['minRooms'], message: ALERT_MESSAGES.minAboveMax });
    if (prices && f.minPrice !== undefined && f.maxPrice !== undefined && f.minPrice > f.maxPrice)
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: ALERT_MESSAGES.minAboveMax });
  })
  .transform((f) => ({
    ...f,
    street: f.city ? f.street : '',
    minRooms: f.minRooms ?? SEARCH_ROOMS.min,
    maxRooms: f.maxRooms ?? SEARCH_ROOMS.max,
    minPrice: f.minPrice ?? 0,
    maxPrice: f.maxPrice ?? SEARCH_PRICE_MAX[f.type],
    // Filters not in force are left out of the stored JSON, as in a search saved before them.
    notGround: f.notGround || undefined,
    notTop: f.notTop || undefined,
    neighbourhood: f.neighbourhood || undefined,
    bbox: f.bbox ?? undefined,
  }));
/** @public (the web side imports it) */
export type SavedSearchFiltersInput = z.input<typeof savedSearchFiltersSchema>;

const email = trimmed(254, LEAD_MESSAGES.emailRequired)
  .transform((v) => v.toLowerCase())
  .refine((v) => EMAIL_PATTERN.test(v), { error: EMAIL_INVALID_MESSAGE });
/** Optional: empty means none; else an Israeli mobile number (it keys the visitor's contact in the pipeline). */
const optionalMobile = z
  .string({ error: PHONE_INVALID_MESSAGE })
  .max(30, { error: 'עד 30 תווים' })
  .overwrite(cleanPhone)
  .refine((v) => v === '' || isIsraeliMobile(v), { error: PHONE_INVALID_MESSAGE })
  .default('');

const consentFields = {
  consent: z.literal(true, { error: ALERT_MESSAGES.consentRequired }),
  consentText: z.string({ error: ALERT_MESSAGES.consentOutdated }).refine((v) => v === ALERTS_CONSENT_TEXT, {
    error: ALERT_MESSAGES.consentOutdated,
  }),
};

/**
 * POST /api/v1/alerts/subscribe: keep favourites and/or a search, and be told. An e-mail or a mobile phone, at
 * least one: with an e-mail the private link, the confirmation and the alerts go there (the phone is then
 * optional); with a phone only, the private link is answered on the screen, the search becomes a buyer
 * requirement an agent calls back about, and no mail is ever sent. These are its fields, before the rule that
 * joins two of them (the web form picks from these). @public
 */
export const subscribeFieldsSchema = z.object({
  name: trimmed(80, LEAD_MESSAGES.nameRequired),
  email: z
    .string({ error: LEAD_MESSAGES.emailRequired })
    .trim()
    .max(254, { error: 'עד 254 תווים' })
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: EMAIL_INVALID_MESSAGE })
    .default(''),
  phone: optionalMobile,
  ...consentFields,
  frequency: alertFrequencySchema.default('immediate'),
  search: savedSearchFiltersSchema.optional(),
  favourites: z
    .array(idSchema)
    .max(MAX_FAVOURITES, { error: ALERT_MESSAGES.tooManyFavourites(MAX_FAVOURITES) })
    .default([]),
  website: honeypot,
});

/** An e-mail or a mobile phone, at least one (said on the e-mail field). @public (the web form's check too) */
export const contactGiven = (body: { email?: string; phone?: string }) =>
  Boolean(body.email?.trim() || body.phone?.trim());

/** POST /api/v1/alerts/subscribe (above). */
export const subscribeBodySchema = subscribeFieldsSchema.refine(contactGiven, {
  path: ['email'],
  error: ALERT_MESSAGES.contactRequired,
});
/** @public (the web side imports it) */
export type SubscribeBody = z.input<typeof subscribeBodySchema>;

/** 201 of POST /api/v1/alerts/subscribe with a phone only: the private link's token, shown at once. @public */
export const phoneOnlySubscribedSchema = successSchema(z.object({ token: z.string() })).extend({
  message: z.string(),
});

/** POST /api/v1/alerts/me/:token/email: a phone-only link asks for alerts by mail (the double opt-in starts). */
export const addEmailSchema = z.object({ email, ...consentFields, website: honeypot });
/** @public (the web side imports it) */
export type AddEmailBody = z.input<typeof addEmailSchema>;

/** POST /api/v1/alerts/link: a lost private link, mailed again to a known address. */
export const linkBodySchema = z.object({ email, website: honeypot });

/** The token of a private link, in the path of every /api/v1/alerts/me/:token route. @public */
export const tokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
/** @public (the web side imports it) */
export const searchParamsSchema = z.object({ token: z.string().min(1).max(200), id: idSchema });

/** PATCH /api/v1/alerts/me/:token @public */
export const updateSubscriberSchema = z
  .object({ name: trimmed(80, LEAD_MESSAGES.nameRequired), frequency: alertFrequencySchema })
  .partial()
  .strict();

/** POST /api/v1/alerts/me/:token/searches @public */
export const createSearchSchema = z.object({ filters: savedSearchFiltersSchema });
/** PATCH /api/v1/alerts/me/:token/searches/:id @public */
export const updateSearchSchema = z
  .object({ filters: savedSearchFiltersSchema, paused: z.boolean({ error: 'ערך לא תקין (כן/לא)' }) })
  .partial()
  .strict();
/** PUT /api/v1/alerts/me/:token/favourites: the whole list (the page merges the browser's own first). @public */
export const putFavouritesSchema = z.object({
  propertyIds: z
    .array(idSchema)
    .max(MAX_FAVOURITES, { error: ALERT_MESSAGES.tooManyFavourites(MAX_FAVOURITES) }),
});

/** What a card of a favourite or a match shows. */
export const alertPropertySchema = z.object({
  _id: z.string(),
  typeTransaction: z.string(),
  city: z.string(),
  address: z.string(),
  price: z.number(),
  rooms: z.number().nullable(),
  category: z.string(),
  sold: z.boolean(),
  /** The cover photo's URL, or null. */
  image: z.string().nullable(),
});
/** @public (the web side imports it) */
export type AlertProperty = z.infer<typeof alertPropertySchema>;

export const savedSearchFiltersOutSchema = z.object({
  type: z.enum(['sale', 'rent']),
  city: z.string(),
  street: z.string(),
  category: z.string(),
  minRooms: z.number(),
  maxRooms: z.number(),
  minPrice: z.number(),
  maxPrice: z.number(),
  features: z.array(z.string()),
  minFloor: z.number().nullish(),
  maxFloor: z.number().nullish(),
  notGround: z.boolean().nullish(),
  notTop: z.boolean().nullish(),
  entry: z.enum(ENTRY_FILTER_KEYS as [EntryFilter, ...EntryFilter[]]).nullish(),
  minPricePerMeter: z.number().nullish(),
  maxPricePerMeter: z.number().nullish(),
  neighbourhood: z.string().nullish(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullish(),
});

export const savedSearchSchema = z.object({
  _id: z.string(),
  filters: savedSearchFiltersOutSchema,
  /** savedSearchSentence(filters). */
  sentence: z.string(),
  paused: z.boolean(),
  /** False until the subscriber confirms by the mailed link (a search added from the form to a known address). */
  confirmed: z.boolean(),
  createdAt: z.string(),
});
/** @public (the web side imports it) */
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** A saved search on the private page, with how many listings match it now (its listing page's count). */
export const pageSearchSchema = savedSearchSchema.extend({
  /** Counted up to the listing's cap (`capped`: more than `total`); null when its filters cannot be listed. */
  matches: z.object({ total: z.number(), capped: z.boolean() }).nullable(),
});
/** @public (the web side imports it) */
export type PageSearch = z.infer<typeof pageSearchSchema>;

export const favouriteSchema = z.object({
  propertyId: z.string(),
  /** 'sold': sold or rented; 'deleted': removed from the site (property is then null). */
  state: z.enum(['active', 'sold', 'deleted']),
  property: alertPropertySchema.nullable(),
  addedAt: z.string(),
});
/** @public (the web side imports it) */
export type Favourite = z.infer<typeof favouriteSchema>;

/** GET /api/v1/alerts/me/:token: what the private link's page shows. */
export const alertsPageSchema = z.object({
  subscriber: z.object({
    name: z.string(),
    /** Null for a subscriber who gave a mobile phone only: no mail is sent to them. */
    email: z.string().nullable(),
    phone: z.string(),
    frequency: alertFrequencySchema,
    confirmed: z.boolean(),
    unsubscribed: z.boolean(),
    consentAt: z.string(),
  }),
  searches: z.array(pageSearchSchema),
  favourites: z.array(favouriteSchema),
});
/** @public (the web side imports it) */
export type AlertsPage = z.infer<typeof alertsPageSchema>;
/** @public (the web side imports it) */
export const alertsPageResponseSchema = successSchema(alertsPageSchema);
/** @public (the web side imports it) */
export const savedSearchResponseSchema = successSchema(z.object({ search: savedSearchSchema }));
/** @public (the web side imports it) */
export const favouritesResponseSchema = successSchema(z.object({ favourites: z.array(favouriteSchema) }));

/** One buyer requirement a property matches, as an agent sees it under 'קונים מתאימים'. */
export const matchingBuyerSchema = z.object({
  requirementId: z.string(),
  sentence: z.string(),
  /** 0 within the budget; else how far over the maximum (up to 5%). */
  overMaxPercent: z.number(),
  createdAt: z.string(),
  /**
   * For who may read the buyer's lead, and on a property of the viewer's own branch for its agents and admins
   * (buyers of their branch scope); null otherwise.
   */
  contact: z.object({ _id: z.string(), name: z.string(), phone: z.string(), email: z.string() }).nullable(),
  /** The requirement's lead in the pipeline, when the viewer may open it. */
  leadId: z.string().nullable(),
});
/** @public (the web side imports it) */
export const matchingBuyersResponseSchema = successSchema(z.object({ buyers: z.array(matchingBuyerSchema) }));

/** A contact's requirement with the properties it matches ('נכסים מתאימים' on a lead's page). */
export const requirementMatchesSchema = z.object({
  _id: z.string(),
  sentence: z.string(),
  filters: savedSearchFiltersOutSchema,
  paused: z.boolean(),
  matches: z.array(
    z.object({
      property: alertPropertySchema,
      overMaxPercent: z.number(),
      /** Another branch's shared listing (decision 0052): "נכס משותף · סניף חיפה"; null for the lead's branch's. */
      sharedMark: z.string().nullable(),
    }),
  ),
});
/** @public (the web side imports it) */
export const matchingPropertiesResponseSchema = successSchema(
  z.object({ requirements: z.array(requirementMatchesSchema) }),
);
