import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, EMAIL_PATTERN } from '../domain/email';
import { cleanPhone, isIsraeliMobile, PHONE_INVALID_MESSAGE } from '../domain/phone';
import { isHttpsLinkTo, isHttpUrl, isSitePath } from '../domain/urls';
import { freeText, successSchema, trimmed } from './common';
import { dateSchema } from './report-contact';

export const REFERRAL_FEE_MESSAGE = 'עמלת הפניה: מספר שלם בין 0 ל-100';
export const VIEWING_ESCALATION_MESSAGE = 'שעות עד העברה למנהל הסניף: מספר שלם בין 0 ל-40';
export const VIEWING_ORDER_FEE_MESSAGES = {
  buyerPercent: 'עמלת קונה בהזמנה הנשלחת עם ביקור: אחוז גדול מ-0 ועד 10, עם עד שתי ספרות אחרי הנקודה',
  tenantMonths: 'עמלת שוכר בהזמנה הנשלחת עם ביקור: חודשי שכירות גדולים מ-0 ועד 3, בקפיצות של חצי חודש',
} as const;

/** A number with at most two decimals (a percent as the order stores it, in hundredths). */
const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A link to a named service (the agency's page there), or empty: https on that service's own host only. */
const serviceLink = (hosts: readonly string[], message: string) =>
  z
    .string()
    .trim()
    .max(500, { error: message })
    .refine((value) => value === '' || isHttpsLinkTo(value, hosts), { error: message });

export const SOCIAL_LINK_MESSAGES = {
  facebookUrl: 'יש להזין קישור מאובטח (https://) לעמוד בפייסבוק (facebook.com)',
  instagramUrl: 'יש להזין קישור מאובטח (https://) לעמוד באינסטגרם (instagram.com)',
  investorSiteUrl: 'יש להזין קישור מאובטח (https://) לאתר',
} as const;

/** A phone as written (an office line too), without the invisible marks and no-break spaces a paste leaves. */
const anyPhone = z
  .string()
  .overwrite(cleanPhone)
  .min(9, { error: PHONE_INVALID_MESSAGE })
  .max(20, { error: PHONE_INVALID_MESSAGE })
  .regex(/^[+\d][\d\- .]+$/, { error: PHONE_INVALID_MESSAGE });

/** A site-relative path (uploaded or shipped media) or an http(s) URL; empty when none. */
const mediaUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || isSitePath(value) || isHttpUrl(value), {
    error: 'כתובת קובץ לא תקינה',
  });

export const founderSchema = z.object({
  name: trimmed(80),
  phone: anyPhone,
  image: mediaUrl,
  text: freeText(2000, 'עד 2000 תווים'),
});
export type Founder = z.infer<typeof founderSchema>;

/** The accessibility statement (IS 5568, the 2013 service-accessibility regulations): its coordinator and texts. */
export const accessibilitySchema = z.object({
  coordinatorName: trimmed(80, 'יש להזין את שם רכז/ת הנגישות'),
  coordinatorPhone: anyPhone,
  coordinatorEmail: z.string().trim().regex(EMAIL_PATTERN, { error: EMAIL_INVALID_MESSAGE }),
  /** The date of the last accessibility check (YYYY-MM-DD). */
  lastChecked: dateSchema,
  /** What was tested and how. */
  tested: freeText(5000, 'עד 5000 תווים').min(1, { error: 'יש לתאר מה נבדק ואיך' }),
  /** Known limitations, or empty when none are known. */
  limitations: freeText(5000, 'עד 5000 תווים'),
});
export type AccessibilityStatement = z.infer<typeof accessibilitySchema>;

/**
 * The privacy policy and the terms of use (/privacy, /terms): paragraphs separated by blank lines, a line
 * starting with '## ' a heading. The pages add the agency's contact details for requests.
 */
export const legalSchema = z.object({
  privacy: freeText(20_000, 'עד 20000 תווים').min(1, { error: 'יש להזין את מדיניות הפרטיות' }),
  terms: freeText(20_000, 'עד 20000 תווים').min(1, { error: 'יש להזין את תנאי השימוש' }),
});

/** The agency's details: one record, editable by an admin, read by every public page. */
export const agencySettingsSchema = z.object({
  agencyName: trimmed(120),
  phone: anyPhone,
  email: z.string().trim().regex(EMAIL_PATTERN, { error: EMAIL_INVALID_MESSAGE }),
  address: trimmed(200),
  city: trimmed(80),
  officeHours: trimmed(120),
  whatsappPhone: z.string().overwrite(cleanPhone).refine(isIsraeliMobile, { error: PHONE_INVALID_MESSAGE }),
  facebookUrl: serviceLink(['facebook.com', 'fb.com'], SOCIAL_LINK_MESSAGES.facebookUrl),
  instagramUrl: serviceLink(['instagram.com'], SOCIAL_LINK_MESSAGES.instagramUrl),
  investorSiteUrl: serviceLink([], SOCIAL_LINK_MESSAGES.investorSiteUrl),
  /** The company story on the about page (paragraphs separated by blank lines). */
  story: freeText(5000, 'עד 5000 תווים'),
  /** The two founders shown on the about page. */
  founders: z.array(founderSchema).max(2),
  /** Home page media: URLs of uploaded files (or the shipped placeholders). */
  media: z.object({
    introVideo: mediaUrl,
    introPoster: mediaUrl,
    agentsVideo: mediaUrl,
    agentsPoster: mediaUrl,
    offersImage: mediaUrl,
  }),
  accessibility: accessibilitySchema,
  legal: legalSchema,
  /** Also count Israeli public holidays and holiday eves that close the office as non-working days. */
  excludeHolidays: z.boolean(),
  /**
   * Open the subject of property alert mails with the word "פרסומת", as section 30A of the Communications Law
   * asks of an advertisement (docs/alerts.md); the agency's choice, on by default.
   */
  markAdvertising: z.boolean(),
  /** The network's default referral fee between branches, a whole percent (a referral may agree another). */
  referralFeePercent: z
    .number({ error: REFERRAL_FEE_MESSAGE })
    .int({ error: REFERRAL_FEE_MESSAGE })
    .min(0, { error: REFERRAL_FEE_MESSAGE })
    .max(100, { error: REFERRAL_FEE_MESSAGE }),
  /**
   * Office hours an agent has to answer a viewing request before it goes to the branch manager and the visitor
   * is told (docs/viewings.md); 0: never. Counted in each branch's office hours.
   */
  viewingEscalationHours: z
    .number({ error: VIEWING_ESCALATION_MESSAGE })
    .int({ error: VIEWING_ESCALATION_MESSAGE })
    .min(0, { error: VIEWING_ESCALATION_MESSAGE })
    .max(40, { error: VIEWING_ESCALATION_MESSAGE }),
  /**
   * Show the exact address (house number, entrance) only to a visitor who signed the brokerage order sent with
   * a viewing: every public surface shows the street and city alone (docs/viewings.md, decision 0066). Off by
   * default, as the public pages always showed the address.
   */
  exactAddressAfterSigning: z.boolean(),
  /** The buyer's fee in the order sent with a viewing: a percent of the price, VAT not included (decision 0064). */
  viewingOrderBuyerFeePercent: z
    .number({ error: VIEWING_ORDER_FEE_MESSAGES.buyerPercent })
    .gt(0, { error: VIEWING_ORDER_FEE_MESSAGES.buyerPercent })
    .max(10, { error: VIEWING_ORDER_FEE_MESSAGES.buyerPercent })
    .refine(twoDecimals, { error: VIEWING_ORDER_FEE_MESSAGES.buyerPercent }),
  /** The tenant's fee in the order sent with a viewing: months of rent, in half months, VAT not included. */
  viewingOrderTenantFeeMonths: z
    .number({ error: VIEWING_ORDER_FEE_MESSAGES.tenantMonths })
    .gt(0, { error: VIEWING_ORDER_FEE_MESSAGES.tenantMonths })
    .max(3, { error: VIEWING_ORDER_FEE_MESSAGES.tenantMonths })
    .refine((m) => Number.isInteger(m * 2), { error: VIEWING_ORDER_FEE_MESSAGES.tenantMonths }),
  /** The installed app's colour (its title bar and splash screen on a phone): #RRGGBB. */
  themeColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'יש לבחור צבע (בתבנית ‎#RRGGBB)' }),
});
export type AgencySettings = z.infer<typeof agencySettingsSchema>;

/**
 * What every visitor reads (GET /settings, and every page's prefetched data): the agency's details without the
 * network's internal terms (the referral fee between branches, the hours before a viewing request goes to the
 * branch manager, the fees of the order sent with a viewing, the address option), which only network admins
 * read and edit.
 */
export const publicSettingsSchema = agencySettingsSchema.omit({
  referralFeePercent: true,
  viewingEscalationHours: true,
  exactAddressAfterSigning: true,
  viewingOrderBuyerFeePercent: true,
  viewingOrderTenantFeeMonths: true,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** Drops the network's internal terms from the settings a visitor reads. */
export function publicSettings(settings: AgencySettings): PublicSettings {
  const {
    referralFeePercent: _fee,
    viewingEscalationHours: _hours,
    exactAddressAfterSigning: _address,
    viewingOrderBuyerFeePercent: _buyer,
    viewingOrderTenantFeeMonths: _tenant,
    ...open
  } = settings;
  return open;
}

export const publicSettingsResponseSchema = successSchema(z.object({ settings: publicSettingsSchema }));
export const settingsResponseSchema = successSchema(z.object({ settings: agencySettingsSchema }));
