import { UNSAFE_TEXT_MESSAGE } from '@shared/domain/text';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';
import { type FieldErrors, fieldKey, unsafeFieldErrors } from '../lib/unsafe-input';

const decodes = (component: string) => {
  try {
    decodeURIComponent(component.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
};

/**
 * The query parameters whose percent-encoding is not UTF-8 (`%ED%A0%80`, a surrogate, or a stray `%`):
 * the query parser keeps such text undecoded, so they would reach the routes as literal '%ED…'.
 */
function badlyEncodedQuery(url: string, errors: FieldErrors): FieldErrors {
  const start = url.indexOf('?');
  if (start < 0) return errors;
  for (const pair of url.slice(start + 1).split('&')) {
    const [key = '', value = ''] = pair.split(/=(.*)/s);
    if (decodes(key) && decodes(value)) continue;
    errors[decodes(key) ? fieldKey(decodeURIComponent(key.replace(/\+/g, ' '))) : '_'] ??=
      UNSAFE_TEXT_MESSAGE;
  }
  return errors;
}

/**
 * One rule for every string the server is sent: a NUL byte or a lone surrogate anywhere in the params, the
 * query or a parsed body answers 400 with the field's Hebrew message, before the route's own validation
 * (multipart forms, read by their routes, are checked with refuseUnsafeFields as they are read).
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const errors = badlyEncodedQuery(request.url, {});
      unsafeFieldErrors(request.params, errors);
      unsafeFieldErrors(request.query, errors);
      unsafeFieldErrors(request.body, errors);
      if (Object.keys(errors).length > 0) throw badRequest(UNSAFE_TEXT_MESSAGE, errors);
    });
  },
  // After the access rules: a visitor is refused (401) before any input is judged.
  { name: 'input-guard', dependencies: ['access'] },
);
