import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressAnswer } from '../plugins/compression';

/**
 * Sends a page's HTML compressed as the client asks (the not-found handler that serves pages is outside the
 * compression hook's reach), in one call at the measured per-request level (plugins/compression.ts). Pages
 * are revalidated on every visit: never cached as immutable.
 */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  html: string | Buffer,
  cacheControl = 'no-cache',
) {
  reply.status(status).header('cache-control', cacheControl).type('text/html; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  return reply.send(compressAnswer(request, reply, html) ?? html);
}
