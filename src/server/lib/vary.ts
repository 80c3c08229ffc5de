import type { FastifyReply } from 'fastify';

/** Adds a request header to the answer's `Vary`, keeping the ones already named (once each). */
export function addVary(reply: FastifyReply, name: string) {
  const vary = String(reply.getHeader('vary') ?? '');
  const names = vary.split(',').map((n) => n.trim().toLowerCase());
  if (names.includes(name.toLowerCase()) || names.includes('*')) return;
  reply.header('vary', vary ? `${vary}, ${name}` : name);
}
