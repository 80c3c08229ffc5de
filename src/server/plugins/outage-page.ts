import { MESSAGES } from '@shared/schemas/common';
import type { FastifyRequest } from 'fastify';

/** Anything outside the API is a page a browser shows (the home page, a listing, a form posted without script). */
export function wantsPage(request: FastifyRequest): boolean {
  const pathname = request.url.split('?', 1)[0] ?? '/';
  return pathname !== '/api' && !pathname.startsWith('/api/');
}

/**
 * The page shown while the database is unavailable: self-contained (no script, no stylesheet of the build, which
 * may be what is missing), right to left, and reloading itself after the time the answer's Retry-After gives.
 */
export function outagePage(): string {
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="15">
<title>השירות אינו זמין כרגע</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f7f7f8;color:#1f2328}
main{max-inline-size:32rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin-block-end:.75rem}
</style>
</head>
<body>
<main>
<h1>השירות אינו זמין כרגע</h1>
<p>${MESSAGES.databaseUnavailable}</p>
<p>הדף ייטען מחדש מעצמו.</p>
</main>
</body>
</html>
`;
}
