import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, EMAIL_PATTERN } from '../domain/email';
import { cleanPhone, isIsraeliMobile, PHONE_INVALID_MESSAGE } from '../domain/phone';
import { isSitePath } from '../domain/urls';
import { freeText, idSchema, MESSAGES, optionalLine, successSchema, trimmed } from './common';
import { genderSchema, roleSchema, userSchema } from './user';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MESSAGES = {
  tooShort: `הסיסמה חייבת להכיל לפחות ${PASSWORD_MIN_LENGTH} תווים`,
  tooLong: 'הסיסמה ארוכה מדי',
  sameAsEmail: 'הסיסמה אינה יכולה להיות כתובת המייל',
  currentRequired: 'יש להזין את הסיסמה הנוכחית',
  currentWrong: 'הסיסמה הנוכחית שגויה',
} as const;

export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.tooShort })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort })
  .max(200, { error: PASSWORD_MESSAGES.tooLong });

/** A password may not be the account's own e-mail (in any case, spaces ignored). */
export const isSameAsEmail = (password: string, email: string) =>
  password.trim().toLowerCase() === email.trim().toLowerCase();

const emailSchema = z
  .string({ error: 'יש להזין כתובת מייל' })
  .trim()
  .min(1, { error: 'יש להזין כתובת מייל' })
  .max(254)
  .regex(EMAIL_PATTERN, { error: EMAIL_INVALID_MESSAGE });

/** The invisible marks and no-break spaces a pasted number carries are removed, so it is stored as it reads. */
const mobileSchema = z
  .string({ error: PHONE_INVALID_MESSAGE })
  .overwrite(cleanPhone)
  .refine(isIsraeliMobile, { error: PHONE_INVALID_MESSAGE });

/** An uploaded picture: a path on this site (never another site, never javascript:), or none. */
export const userImageSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isSitePath, { error: 'כתובת התמונה אינה תקינה' })
  .nullable();

/** The editable fields of a user, one schema each (forms reuse them). */
export const userFields = {
  name: trimmed(80, 'יש להזין שם'),
  email: emailSchema,
  phone_number: mobileSchema,
  role: roleSchema,
  gender: genderSchema,
  companyRole: optionalLine(80, 'עד 80 תווים')
    .transform((v) => v || null)
    .nullable(),
  aboutMe: freeText(2000, 'עד 2000 תווים'),
  image: userImageSchema,
};

/** The public site's switches (docs/decisions/0057): shown on the site, and the person's own phone there. */
export const publicSiteFields = {
  showOnSite: z.boolean({ error: 'יש לבחור כן או לא' }),
  showPhone: z.boolean({ error: 'יש לבחור כן או לא' }),
};

/** Where a user works (docs/decisions/0032): the branch (a branch manager's own when left out), and network access. */
export const placementFields = {
  branchId: idSchema,
  /** An admin who manages every branch; given by network admins only. */
  networkAccess: z.boolean({ error: 'יש לבחור כן או לא' }),
};

/** Admin creates a user; without a password the server generates one and returns it once. */
export const createUserBodySchema = z
  .object({
    ...userFields,
    companyRole: userFields.companyRole.optional(),
    /** Without one, the gender a known title is written in, else masculine (see createUser). */
    gender: genderSchema.optional(),
    aboutMe: userFields.aboutMe.optional(),
    image: userImageSchema.optional(),
    branchId: placementFields.branchId.optional(),
    networkAccess: placementFields.networkAccess.optional(),
    /** Without it, on for those who do agent work (shownOnSiteByDefault). */
    showOnSite: publicSiteFields.showOnSite.optional(),
    showPhone: publicSiteFields.showPhone.optional(),
    password: newPasswordSchema.optional(),
  })
  .refine((b) => !b.password || !isSameAsEmail(b.password, b.email), {
    path: ['password'],
    error: PASSWORD_MESSAGES.sameAsEmail,
  });
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/** Admin edits any field; a new password (optional) signs the user out everywhere. */
export const updateUserBodySchema = z
  .object({ ...userFields, ...placementFields, ...publicSiteFields, password: newPasswordSchema })
  .partial()
  .refine((b) => !b.password || !b.email || !isSameAsEmail(b.password, b.email), {
    path: ['password'],
    error: PASSWORD_MESSAGES.sameAsEmail,
  });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** What users may change of their own account. */
export const updateOwnAccountBodySchema = z
  .object({
    phone_number: mobileSchema,
    image: userImageSchema,
    aboutMe: userFields.aboutMe,
    /** My own phone on the public site, or my branch's office phone there. */
    showPhone: publicSiteFields.showPhone,
  })
  .partial();
export type UpdateOwnAccountBody = z.input<typeof updateOwnAccountBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: PASSWORD_MESSAGES.currentRequired })
    .min(1, { error: PASSWORD_MESSAGES.currentRequired })
    .max(200),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  token: z.string({ error: MESSAGES.required }).min(20).max(200),
  newPassword: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const listUsersQuerySchema = z.object({
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** Only the public team (the about pages), with public fields, whoever asks. */
  team: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const createdUserResponseSchema = successSchema(
  z.object({ user: userSchema, generatedPassword: z.string().optional() }),
);
export const imageUploadResponseSchema = successSchema(z.object({ url: z.string() }));
