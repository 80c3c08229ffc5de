import type { FastifyRequest } from 'fastify';

/** Why a request was answered 503: load shedding or the database (db/outage.ts), counted by the metrics. */
export type UnavailableReason =
  | 'overloaded'
  | 'event-loop-busy'
  | 'unreachable'
  | 'starting-or-stopping'
  | 'statement-timeout'
  | 'pool-timeout';

const reasons = new WeakMap<FastifyRequest, UnavailableReason>();

export function markUnavailable(request: FastifyRequest, reason: UnavailableReason) {
  reasons.set(request, reason);
}

export const unavailableReason = (request: FastifyRequest) => reasons.get(request);
