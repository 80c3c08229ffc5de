import { subscribeBodySchema } from '@shared/schemas/alerts';
import { MESSAGES } from '@shared/schemas/common';
import { type FormOutcome, formOutcomeKey } from '@shared/schemas/form-outcome';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import type { PageServer } from '../../pages/serve-page';
import type { AlertsContext } from './context';
import { saveSubscription } from './subscription';

const FIELDS = ['name', 'email', 'phone', 'frequency', 'consent', 'search'];

/** The posted search: the JSON the page put in its hidden field (the dialog's very filters), or undefined. */
function searchOf(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text; // refused by the schema with its own message
  }
}

/**
 * "שמירת החיפוש" on /Sale and /Rent posted without JavaScript (`form=save-search`): the same subscription as
 * POST /api/v1/alerts/subscribe (the consent box and its wording, the double opt-in by mail, or the private
 * link shown for a phone only), counted with it, answered with the listing page server-rendered with the
 * confirmation, or each field's message and the values as typed. Nothing of it travels in a URL.
 */
export function saveSearchFormPost(
  app: FastifyInstance,
  limits: { subscribePerIp: RateRule; perContact: RateRule },
) {
  const ctx: AlertsContext = {
    db: app.db,
    storage: app.storage,
    appOrigin: app.env.APP_ORIGIN,
    perContact: limits.perContact,
  };
  return async (request: FastifyRequest, reply: FastifyReply, servePage: PageServer) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const values = Object.fromEntries(FIELDS.map((f) => [f, String(body[f] ?? '')]));
    const page = (outcome: FormOutcome, status: number) =>
      servePage(request, reply, {
        seed: [{ queryKey: formOutcomeKey('save-search'), data: outcome }],
        status,
      });
    try {
      await consumeRateLimit(app.db, `alerts:ip:${request.ip}`, limits.subscribePerIp);
      const parsed = subscribeBodySchema.safeParse({
        name: body.name,
        email: body.email,
        phone: body.phone,
        frequency: body.frequency || undefined,
        // A ticked box posts its value ('on'); an unticked one posts nothing.
        consent: body.consent ? true : undefined,
        consentText: body.consentText,
        search: searchOf(body.search),
        website: body.website,
      });
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? '')] ??= issue.message;
        return page({ sent: false, values, fieldErrors }, 400);
      }
      const { token } = await saveSubscription(ctx, parsed.data, request.ip, request.log);
      return page({ sent: true, ...(token ? { token } : { to: parsed.data.email }) }, 200);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      const message = err.statusCode === 429 ? MESSAGES.tooManyRequests : err.message;
      return page({ sent: false, values, fieldErrors: err.fieldErrors ?? {}, message }, err.statusCode);
    }
  };
}
