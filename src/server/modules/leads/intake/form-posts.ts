import { paths } from '@shared/paths';
import { MESSAGES } from '@shared/schemas/common';
import { type FormOutcome, formOutcomeKey, type PostedForm } from '@shared/schemas/form-outcome';
import { inquiryBodySchema } from '@shared/schemas/inquiry';
import { jobApplicationBodySchema, leadBodySchema } from '@shared/schemas/leads';
import { valuationBodySchema } from '@shared/schemas/valuation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../../lib/errors';
import { consumeRateLimit, type RateRule } from '../../../lib/rate-limit';
import type { PageServer } from '../../../pages/serve-page';
import { submitInquiry } from './inquiry';
import { submitJobApplication, submitLead, submitValuation } from './service';

/** A posted form's fields are short: a larger body is not a person typing. */
const FORM_BODY_LIMIT = 16 * 1024;

/** The values a page shows again beside the field errors (the honeypot is never echoed). */
function typedValues(body: Record<string, string>, fields: string[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, String(body[field] ?? '')]));
}

function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[String(issue.path[0] ?? '')] ??= issue.message;
  return fieldErrors;
}

/**
 * The lead, job, valuation and inquiry forms posted without JavaScript (a tap on send before the bundle loads): each
 * page takes a native `application/x-www-form-urlencoded` POST to its own address, runs the same service as
 * its JSON route (stored, then mailed through the outbox) and answers with the same page, server-rendered
 * with the confirmation or with each field's message and the values as typed. The name and phone travel
 * only in the body (never in a URL) and are never logged; the answer is never cached.
 */
/** Another module's form on a page that already takes one (the property page's viewing form, `form=viewing`). */
export type PagePost = (
  request: FastifyRequest,
  reply: FastifyReply,
  servePage: PageServer,
) => Promise<unknown>;

export function formPostRoutes(
  formsPerIp: RateRule,
  others: { viewing?: PagePost; saveSearch?: PagePost } = {},
) {
  return async (app: FastifyInstance, opts: { servePage: PageServer }) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const answer = async <T extends z.ZodObject>(
      request: FastifyRequest,
      reply: FastifyReply,
      form: PostedForm,
      schema: T,
      submit: (body: z.output<T>) => Promise<unknown>,
    ) => {
      const body = (request.body ?? {}) as Record<string, string>;
      const values = typedValues(
        body,
        Object.keys(schema.shape).filter((field) => field !== 'website'),
      );
      const page = (outcome: FormOutcome, status: number) =>
        opts.servePage(request, reply, { seed: [{ queryKey: formOutcomeKey(form), data: outcome }], status });
      try {
        // Counted before validation, like the JSON routes (and sharing their counters).
        await consumeRateLimit(app.db, `${form}:ip:${request.ip}`, formsPerIp);
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          return page({ sent: false, values, fieldErrors: fieldErrorsOf(parsed.error) }, 400);
        }
        if ((parsed.data as { website?: string }).website) {
          request.log.info({ form }, 'honeypot filled: submission dropped');
        } else {
          await submit(parsed.data);
        }
        return page({ sent: true }, 200);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        const message = err.statusCode === 429 ? MESSAGES.tooManyRequests : err.message;
        return page({ sent: false, values, fieldErrors: err.fieldErrors ?? {}, message }, err.statusCode);
      }
    };

    app.post('/', (request, reply) =>
      answer(request, reply, 'lead', leadBodySchema, (body) => submitLead(app.db, body, request.ip)),
    );
    app.post('/JobNeedForm', (request, reply) =>
      answer(request, reply, 'job', jobApplicationBodySchema, (body) =>
        submitJobApplication(app.db, body, request.ip),
      ),
    );
    app.post(paths.valuation(), (request, reply) =>
      answer(request, reply, 'valuation', valuationBodySchema, (body) =>
        submitValuation(app.db, body, request.ip),
      ),
    );
    // "שמירת החיפוש" on the listing pages (the alerts module's form, `form=save-search`).
    const { saveSearch } = others;
    if (saveSearch)
      for (const page of [paths.sale(), paths.rent()])
        app.post(page, (request, reply) => saveSearch(request, reply, opts.servePage));
    app.post<{ Params: { id: string } }>('/PropertyView/:id', (request, reply) =>
      (request.body as { form?: string } | undefined)?.form === 'viewing' && others.viewing
        ? others.viewing(request, reply, opts.servePage)
        : answer(request, reply, 'inquiry', inquiryBodySchema, (body) =>
            submitInquiry(app.db, request.params.id, body, request.ip, app.env.APP_ORIGIN),
          ),
    );
  };
}
