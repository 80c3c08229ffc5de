import { MESSAGES } from '@shared/schemas/common';
import { type FormOutcome, formOutcomeKey } from '@shared/schemas/form-outcome';
import { bookViewingSchema } from '@shared/schemas/viewings';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import type { PageServer } from '../../pages/serve-page';
import { outwardOf } from './announce';
import { bookViewing } from './booking';

const FIELDS = ['name', 'phone', 'email', 'slot'];

/**
 * The property page's viewing form posted without JavaScript (`form=viewing`, one `slot`): the same booking as
 * the API, counted with the other public forms, answered with the page (the confirmation, or each field's
 * message with the values as typed; a slot taken meanwhile shows the page's fresh slots).
 */
export function viewingFormPost(app: FastifyInstance, formsPerIp: RateRule) {
  return async (request: FastifyRequest, reply: FastifyReply, servePage: PageServer) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const values = Object.fromEntries(FIELDS.map((f) => [f, String(body[f] ?? '')]));
    const page = (outcome: FormOutcome, status: number) =>
      servePage(request, reply, { seed: [{ queryKey: formOutcomeKey('viewing'), data: outcome }], status });
    try {
      await consumeRateLimit(app.db, `viewing:ip:${request.ip}`, formsPerIp);
      const parsed = bookViewingSchema.safeParse(body);
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? '')] ??= issue.message;
        if (fieldErrors.slot) fieldErrors.slots ??= fieldErrors.slot;
        return page({ sent: false, values, fieldErrors }, 400);
      }
      if (parsed.data.website) request.log.info({ form: 'viewing' }, 'honeypot filled: submission dropped');
      else await bookViewing(app.db, (request.params as { id: string }).id, parsed.data, outwardOf(app.env));
      return page({ sent: true }, 200);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      const message = err.statusCode === 429 ? MESSAGES.tooManyRequests : err.message;
      return page({ sent: false, values, fieldErrors: err.fieldErrors ?? {}, message }, err.statusCode);
    }
  };
}
