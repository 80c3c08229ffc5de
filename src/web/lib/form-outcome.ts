import { type FormOutcome, formOutcomeKey, type PostedForm } from '@shared/schemas/form-outcome';
import { useQueryClient } from '@tanstack/react-query';

/**
 * What the server answered this page's form with when it was posted without JavaScript (the page was
 * rendered with it), or undefined: the form shows the confirmation, or the values as typed with their messages.
 */
export function useFormOutcome(form: PostedForm) {
  const outcome = useQueryClient().getQueryData<FormOutcome>(formOutcomeKey(form));
  const failed = outcome && !outcome.sent ? outcome : undefined;
  const sent = outcome?.sent ? outcome : undefined;
  return {
    sent: sent !== undefined,
    /** Where the confirmation went, or the private link's token shown for a phone only (the alerts' forms). */
    sentTo: sent?.to,
    token: sent?.token,
    values: failed?.values,
    message: failed?.message,
    /** A field's message from the server, until the form is sent again. */
    fieldError: (field: string, submitCount: number) =>
      submitCount === 0 ? failed?.fieldErrors[field] : undefined,
  };
}
