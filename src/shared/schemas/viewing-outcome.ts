import { z } from 'zod';
import { optionalLine } from './common';

/** Hebrew messages of a viewing's outcome (docs/viewings.md, "After the viewing"). */
export const OUTCOME_MESSAGES = {
  tookPlaceRequired: 'יש לבחור אם הביקור התקיים',
  interestRequired: 'יש לבחור את מידת העניין של המבקר/ת, מ־1 עד 5',
  notStarted: 'אפשר לעדכן איך היה הביקור רק אחרי שמועד הביקור התחיל',
  notConfirmed: 'אפשר לעדכן רק ביקור שנקבע',
  alreadyRecorded: 'לביקור הזה כבר נרשם שהמבקר/ת לא הגיע/ה. אי אפשר לשנות זאת לביקור שהתקיים',
  alreadyDone: 'לביקור הזה כבר נרשם שהתקיים. אפשר רק לתקן את מידת העניין ואת ההערה',
  notYours: 'רק הסוכן של הביקור, מנהל הסניף או הנהלת הרשת יכולים לעדכן איך היה הביקור',
  tourNote: (when: string) => `ביקור בנכס התקיים (${when})`,
} as const;

const interestSchema = z
  .number({ error: OUTCOME_MESSAGES.interestRequired })
  .int({ error: OUTCOME_MESSAGES.interestRequired })
  .min(1, { error: OUTCOME_MESSAGES.interestRequired })
  .max(5, { error: OUTCOME_MESSAGES.interestRequired });

/**
 * POST /viewings/{id}/outcome: it took place (with the visitor's interest 1-5 and a line of notes) or the visitor
 * did not come.
 */
export const viewingOutcomeBodySchema = z.discriminatedUnion(
  'tookPlace',
  [
    z.object({
      tookPlace: z.literal(true),
      interest: interestSchema,
      notes: optionalLine(500).optional().default(''),
    }),
    z.object({ tookPlace: z.literal(false) }),
  ],
  { error: OUTCOME_MESSAGES.tookPlaceRequired },
);
export type ViewingOutcomeBody = z.output<typeof viewingOutcomeBodySchema>;

/** What was recorded after a viewing (null until then). */
export const viewingOutcomeSchema = z.object({
  tookPlace: z.boolean(),
  interest: z.number().nullable(),
  notes: z.string(),
  recordedAt: z.string(),
});
export type ViewingOutcome = z.infer<typeof viewingOutcomeSchema>;

/** A viewing's feedback as the seller's report shows it: never the visitor's name, phone or e-mail. */
export const viewingFeedbackSchema = z.object({
  /** The viewing's start (ISO instant). */
  at: z.string(),
  interest: z.number(),
  notes: z.string(),
});
export type ViewingFeedback = z.infer<typeof viewingFeedbackSchema>;

/** The interest scale's labels, 1 to 5. */
export const INTEREST_LABELS: Record<number, string> = {
  1: 'לא מעוניין/ת',
  2: 'עניין מועט',
  3: 'עניין בינוני',
  4: 'מעוניין/ת',
  5: 'מעוניין/ת מאוד',
};
