/** The public forms that also work without JavaScript (a native POST to their own page). */
export type PostedForm = 'lead' | 'job' | 'inquiry' | 'valuation' | 'viewing' | 'save-search';

/**
 * What the server answered a native form post with, put into the page it renders (in the query data the page
 * hydrates with): sent, or the values as typed with each field's message.
 */
export type FormOutcome =
  /** `to`: the address a confirmation went to; `token`: a phone-only subscription's private link, to show. */
  | { sent: true; to?: string; token?: string }
  | { sent: false; values: Record<string, string>; fieldErrors: Record<string, string>; message?: string };

/** Where a page finds the outcome of its form's post (a query key never fetched). */
export const formOutcomeKey = (form: PostedForm) => ['form-outcome', form] as const;
