import { MESSAGES } from '@shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import { standalonePage } from '../pages/standalone-page';

/** Anything outside the API is a page a browser shows (the home page, a listing, a form posted without script). */
export function wantsPage(request: FastifyRequest): boolean {
  const pathname = request.url.split('?', 1)[0] ?? '/';
  return pathname !== '/api' && !pathname.startsWith('/api/');
}

/** The page shown while the database is unavailable, reloading itself after the time Retry-After gives. */
export function outagePage(): string {
  return standalonePage({
    title: 'השירות אינו זמין כרגע',
    paragraphs: [MESSAGES.databaseUnavailable, 'הדף ייטען מחדש מעצמו.'],
    refreshSeconds: 15,
  });
}
