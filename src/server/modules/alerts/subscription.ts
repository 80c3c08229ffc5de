import { randomBytes } from 'node:crypto';
import type { subscribeBodySchema } from '@shared/schemas/alerts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AlertsContext } from './context';
import { subscribeByPhone } from './phone-only';
import { subscribe } from './subscribe';

/**
 * A subscription as the API and the form posted without JavaScript take it. With an e-mail: the double opt-in
 * (a confirmation mail); with a phone only: the private link's token, to be shown (a bot that filled the
 * honeypot gets a dead one, and nothing is stored).
 */
export async function saveSubscription(
  ctx: AlertsContext,
  body: z.output<typeof subscribeBodySchema>,
  ip: string,
  log: FastifyBaseLogger,
): Promise<{ token?: string }> {
  const { website, consent: _consent, consentText: _text, search, ...rest } = body;
  const input = { ...rest, searches: search ? [search] : [] };
  if (website) log.info({ form: 'alerts' }, 'honeypot filled: submission dropped');
  if (!input.email)
    return {
      token: website ? randomBytes(32).toString('base64url') : await subscribeByPhone(ctx, input, ip),
    };
  if (!website) await subscribe(ctx, input, ip);
  return {};
}
