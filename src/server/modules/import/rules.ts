import { userFields } from '@shared/schemas/account';
import { metricsShape } from '@shared/schemas/metrics';
import { createPropertySchema } from '@shared/schemas/property';
import { createReportContactSchema } from '@shared/schemas/report-contact';
import { z } from 'zod';
import { unsafeFieldErrors } from '../../lib/unsafe-input';

/** A mapped record, or why it is skipped; `invalid` when the API's own rules refuse its content. */
export type Mapping<T> = { ok: true; value: T } | { ok: false; reason: string; invalid?: boolean };

/**
 * The API's own rules for each imported record, from the same shared schemas the routes validate with
 * (lengths, line breaks, bidi controls, numbers): an imported record is stored as the API would store it.
 */
export const RULES = {
  user: z.object({
    name: userFields.name,
    email: userFields.email,
    companyRole: userFields.companyRole,
    aboutMe: userFields.aboutMe,
  }),
  phone: userFields.phone_number,
  property: createPropertySchema.omit({ agent: true, agentSecend: true }),
  yad2: createPropertySchema.shape.yad2.unwrap(),
  metrics: z.object(metricsShape),
  reportContact: createReportContactSchema.pick({
    clientName: true,
    exclusiveProperty: true,
    visits: true,
    views: true,
    inquiries: true,
    statusDate: true,
    note: true,
  }),
};

/**
 * Runs the input guard every API request passes (no NUL byte, no lone surrogate) and then `schema`: the output,
 * or the fields refused with the API's message for each. The reason names fields, never their values.
 */
export function applyRules<S extends z.ZodType>(schema: S, input: z.input<S>): Mapping<z.output<S>> {
  const unsafe = Object.entries(unsafeFieldErrors(input));
  if (unsafe.length > 0) return refused(unsafe);
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const byField = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return refused([...byField]);
}

const refused = (fields: [string, string][]): Mapping<never> => ({
  ok: false,
  invalid: true,
  reason: `refused by the API's rules: ${fields.map(([field, message]) => `${field}: ${message}`).join('; ')}`,
});
