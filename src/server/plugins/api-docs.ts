import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describeRoute } from './api-description';

/**
 * The API description, generated from the zod schemas and declared access of every route (api-description.ts,
 * so it cannot drift from the code):
 * `/api/docs/openapi.json` for tools, `/api/docs` as a readable page. Both are open in development and
 * for admins only in production (the description lists every admin route).
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'LINK real-estate API',
          version: '1',
          description:
            'Every route of the server, generated from its zod schemas. See docs/api.md for a guide.',
        },
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
      },
      transform: describeRoute,
      hideUntagged: false,
    });
    // Enforced by the access plugin, like every API route.
    const config = { access: app.env.NODE_ENV === 'production' ? ('admin' as const) : ('public' as const) };
    app.get('/api/docs/openapi.json', { config, schema: { hide: true } }, async () => app.swagger());
    app.get('/api/docs', { config, schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(renderDocsPage(app.swagger() as OpenApiDocument)),
    );
  },
  { name: 'api-docs', dependencies: ['access'] },
);

type Operation = { summary?: string; description?: string };
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page listing every operation, linking to the JSON for the schemas. */
function renderDocsPage(document: OpenApiDocument): string {
  const rows = Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    Object.entries(operations).map(
      ([method, op]) =>
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td>` +
        `<td>${escapeHtml(op.summary ?? op.description ?? '')}</td></tr>`,
    ),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API</title>
<meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:2rem}td{padding:.25rem .75rem;border-bottom:1px solid #ddd}</style>
</head><body><h1>API</h1><p>${rows.length} operations. Schemas: <a href="/api/docs/openapi.json">openapi.json</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th></tr></thead><tbody>${rows.join('')}</tbody></table>
</body></html>`;
}
