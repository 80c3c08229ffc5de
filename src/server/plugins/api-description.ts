import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from './access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stores a write once per `Idempotency-Key` (lib/idempotency.ts): the description names the header. */
    idempotencyKey?: boolean;
  }
}

/** What each access rule means, as the description says it (plugins/access.ts enforces it). */
const ACCESS_TEXT: Record<Access, string> = {
  public: 'Access: anyone, signed in or not.',
  signedIn: 'Access: any signed-in user (what the answer holds may depend on who asks).',
  selfOrAdmin: "Access: a signed-in user on their own data, or an admin on anyone's (403 otherwise).",
  admin: "Access: admins only (inside their branch scope: another branch's rows answer 404).",
  network: 'Access: admins with network access only (403 for a branch manager).',
};

const errorBody = (description: string) => ({
  description,
  type: 'object',
  required: ['status', 'message'],
  properties: {
    status: { type: 'string', enum: ['fail', 'error'] },
    code: { type: 'string' },
    message: { type: 'string', description: 'A Hebrew sentence for the person.' },
    fieldErrors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'A Hebrew message per field of the request.',
    },
  },
});

const ERRORS = {
  400: errorBody('Bad input: a Hebrew message, and one per field in fieldErrors.'),
  401: errorBody('Not signed in, or the session ended.'),
  403: errorBody('Signed in without the right to this route or this record, or a cross-site write.'),
  404: errorBody('No such record (or none this session may see).'),
  409: errorBody(
    'The write conflicts with the stored state, or its Idempotency-Key was used for another body.',
  ),
  429: errorBody('Too many requests: wait for Retry-After.'),
  503: errorBody('The server is busy or its database is unavailable: retry after Retry-After.'),
} as const;

const IDEMPOTENCY_HEADER = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      maxLength: 130,
      description:
        'Optional. A key made on the device for this write (IETF draft, sf-string or bare): a resend with the ' +
        'same key and body answers the first answer and stores nothing more; the same key with another body ' +
        'answers 409. Keys are remembered 30 days.',
    },
  },
} as const;

/** The API's group of a path: its first segment after the version (`/api/v1/pipeline/leads` is `pipeline`). */
export const tagOf = (url: string) => /^\/api\/(?:v\d+\/)?([^/]+)/.exec(url)?.[1] ?? 'site';

/** The error answers a route can give, from what it declares (its access, its input, its path). */
export function errorAnswersOf(route: Pick<RouteOptions, 'method' | 'config' | 'schema'>, url: string) {
  const access = (route.config as { access?: Access } | undefined)?.access ?? 'admin';
  const schema = (route.schema ?? {}) as FastifySchema;
  const method = ([] as string[]).concat(route.method as string | string[]);
  const writes = method.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m));
  const codes: (keyof typeof ERRORS)[] = [];
  if (schema.body || schema.querystring || schema.params || writes) codes.push(400);
  if (access !== 'public') codes.push(401);
  if (access === 'admin' || access === 'selfOrAdmin' || writes) codes.push(403);
  if (url.includes(':')) codes.push(404);
  if ((route.config as { idempotencyKey?: boolean } | undefined)?.idempotencyKey) codes.push(409);
  if (writes) codes.push(429);
  codes.push(503);
  return Object.fromEntries(codes.map((code) => [code, ERRORS[code]]));
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The description of one route, derived centrally from what the route declares so it cannot drift: its zod
 * schemas (fastify-type-provider-zod), its group (tag), its access rule (security and a sentence), the error
 * answers it can give, and the Idempotency-Key header where the route honours one.
 */
export function describeRoute(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const { route, url } = input;
  if (!url.startsWith('/api/')) return out;
  const access = (route.config as { access?: Access } | undefined)?.access ?? 'admin';
  const schema = { ...(out.schema as Record<string, unknown>) };
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  schema.tags = [tagOf(url)];
  schema.security = access === 'public' ? [] : [{ session: [] }];
  schema.description = [schema.description, ACCESS_TEXT[access]].filter(Boolean).join('\n\n');
  schema.response = { ...errorAnswersOf(route, url), ...declared };
  if ((route.config as { idempotencyKey?: boolean } | undefined)?.idempotencyKey)
    schema.headers = IDEMPOTENCY_HEADER;
  return { ...out, schema };
}
