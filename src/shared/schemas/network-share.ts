import { z } from 'zod';
import { branchPhrase } from '../domain/referrals';
import { numberText, successSchema } from './common';
import { propertySchema } from './property';

/**
 * A property shared with the network (docs/decisions/0052-sharing-a-property-with-the-network.md): its own
 * branch shares it, other branches' staff see it read-only, without its owner's details, and offer it to their
 * buyers.
 */
export const NETWORK_SHARE_MESSAGES = {
  sharedInvalid: 'יש לבחור אם הנכס משותף עם הרשת (כן/לא)',
  notYours: 'רק הסוכן של הנכס, מנהל הסניף שלו או מנהלי הרשת רשאים לשתף אותו עם הרשת',
  readOnly: 'נכס של סניף אחר: אפשר להציע אותו לקונים, לא לשנות אותו',
} as const;

/** The mark a shared property of another branch carries in staff lists and matches: "נכס משותף · סניף חיפה". */
export const sharedPropertyMark = (branchName: string) => `נכס משותף · ${branchPhrase(branchName)}`;

export const setNetworkShareSchema = z.object(
  { shared: z.boolean({ error: NETWORK_SHARE_MESSAGES.sharedInvalid }) },
  { error: NETWORK_SHARE_MESSAGES.sharedInvalid },
);

/** Whom another branch calls about a shared property: its branch's office and its agent. */
const contactInsteadSchema = z.object({
  branch: z.object({ _id: z.string(), name: z.string(), phone: z.string(), email: z.string() }),
  agent: z.object({ _id: z.string(), name: z.string(), phone: z.string(), email: z.string() }).nullable(),
});

/**
 * What a staff member reads of a property's place in the network (`GET /property/:id/network`): whether it is
 * shared, whether it is theirs (their branch scope) and whether they may switch the sharing; its owner's details
 * (the client of its latest seller's or landlord's order or exclusivity) only for its own branch's staff who may
 * read that order, never for another branch; and for another branch, whom to call instead.
 */
export const propertyNetworkSchema = z.object({
  propertyId: z.string(),
  shared: z.boolean(),
  own: z.boolean(),
  mayShare: z.boolean(),
  /** "נכס משותף · סניף חיפה" for another branch's shared property; null for the viewer's own. */
  mark: z.string().nullable(),
  contact: contactInsteadSchema,
  owner: z
    .object({ name: z.string(), phone: z.string(), email: z.string().nullable(), idNumber: z.string() })
    .nullable(),
});
export type PropertyNetwork = z.infer<typeof propertyNetworkSchema>;
export const propertyNetworkResponseSchema = successSchema(z.object({ network: propertyNetworkSchema }));

/** The staff list (`GET /property/staff`): the scope's own listings, and the other branches' shared ones. */
export const staffPropertyListQuerySchema = z.object({
  type: z.enum(['sale', 'rent'], { error: 'חובה לבחור סוג עסקה' }).optional(),
  /** own: the scope's listings only; shared: the other branches' shared ones only; all (default): both. */
  which: z.enum(['all', 'own', 'shared'], { error: 'יש לבחור: הכול, שלנו או משותפים' }).default('all'),
  page: numberText(
    z
      .number({ error: 'מספר עמוד לא תקין' })
      .int({ error: 'מספר עמוד לא תקין' })
      .min(1)
      .max(10_000)
      .default(1),
  ),
  pageSize: numberText(
    z.number({ error: 'גודל עמוד לא תקין' }).int({ error: 'גודל עמוד לא תקין' }).min(1).max(60).default(24),
  ),
});
export type StaffPropertyListQuery = z.infer<typeof staffPropertyListQuerySchema>;

export const staffPropertySchema = z.object({
  property: propertySchema,
  shared: z.boolean(),
  own: z.boolean(),
  mark: z.string().nullable(),
  /** Whom to call about it: its branch's office and its agent (as `GET /property/:id/network` answers). */
  contact: contactInsteadSchema,
});
export type StaffProperty = z.infer<typeof staffPropertySchema>;
export const staffPropertyListResponseSchema = successSchema(
  z.object({
    items: z.array(staffPropertySchema),
    page: z.number(),
    pageSize: z.number(),
    more: z.boolean(),
  }),
);
