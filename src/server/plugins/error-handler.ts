import type { ErrorBody } from '@shared/schemas/common';
import { fileTooLargeMessage, MESSAGES } from '@shared/schemas/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseOutage, RETRY_AFTER_SECONDS } from '../db/outage';
import { AppError, isLastAdminViolation, LAST_ADMIN_MESSAGE } from '../lib/errors';
import { markUnavailable } from '../lib/unavailable';
import { outagePage, wantsPage } from './outage-page';

/** The per-file cap of image uploads (the multipart plugin's default in app.ts). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

function fieldErrorsOf(error: FastifyError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    fieldErrors[field] ??= issue.message ?? MESSAGES.validation;
  }
  return fieldErrors;
}

function toBody(error: FastifyError): { statusCode: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { status: 'fail', code: error.code, message: error.message };
    if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
    return { statusCode: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const fieldErrors = fieldErrorsOf(error);
    const message = Object.values(fieldErrors)[0] ?? MESSAGES.validation;
    return { statusCode: 400, body: { status: 'fail', code: 'VALIDATION', message, fieldErrors } };
  }
  if (isLastAdminViolation(error))
    return { statusCode: 409, body: { status: 'fail', code: 'CONFLICT', message: LAST_ADMIN_MESSAGE } };
  const status = error.statusCode ?? 500;
  // A file over the per-file cap names the cap; a route with another cap throws its own AppError.
  if (error.code === 'FST_REQ_FILE_TOO_LARGE')
    return {
      statusCode: 413,
      body: { status: 'fail', code: 'TOO_LARGE', message: fileTooLargeMessage(MAX_UPLOAD_BYTES) },
    };
  if (status === 413)
    return { statusCode: 413, body: { status: 'fail', code: 'TOO_LARGE', message: MESSAGES.tooLarge } };
  if (status === 415)
    return {
      statusCode: 415,
      body: { status: 'fail', code: 'UNSUPPORTED_MEDIA', message: MESSAGES.unsupportedMedia },
    };
  if (status === 429)
    return {
      statusCode: 429,
      body: { status: 'fail', code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests },
    };
  if (status >= 400 && status < 500)
    return { statusCode: status, body: { status: 'fail', code: 'VALIDATION', message: MESSAGES.validation } };
  return { statusCode: 500, body: { status: 'error', code: 'INTERNAL', message: MESSAGES.serverError } };
}

/**
 * One error shape for the whole API; 5xx details are logged with the request id, never sent. The database being
 * unavailable (stopped, restarting, out of connections, a statement timeout) is an outage, not a bug: 503 with
 * Retry-After and a Hebrew message (a page request gets an HTML page), logged as a warning without a stack.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const outage = databaseOutage(error);
      if (outage) {
        markUnavailable(request, outage);
        request.log.warn(
          { outage, dbError: error.cause instanceof Error ? error.cause.message : error.message },
          'database unavailable: answered 503',
        );
        reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS[outage]))
          .header('cache-control', 'no-store');
        if (wantsPage(request)) return reply.type('text/html; charset=utf-8').send(outagePage());
        const body: ErrorBody = {
          status: 'error',
          code: 'UNAVAILABLE',
          message: MESSAGES.databaseUnavailable,
        };
        return reply.send(body);
      }
      const { statusCode, body } = toBody(error);
      if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.code, statusCode }, body.message);
      return reply.status(statusCode).send(body);
    });
  },
  { name: 'error-handler' },
);
