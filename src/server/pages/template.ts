/** JSON safe inside a <script> element: no `</script>`, no line separators that end a JS string. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export type PageParts = {
  /** Tags for <head>: the page's title, description, canonical link, share tags, JSON-LD. */
  head: string;
  /** The rendered app, or '' for a client-rendered page. */
  body?: string;
  /** Query data the browser hydrates with (only when `hydrate`). */
  state?: unknown;
  /** True when the browser should hydrate `body` rather than render from scratch. */
  hydrate?: boolean;
};

/**
 * The built index.html with a page's parts: its own title and description replace the generic ones, the
 * rendered app goes into #root, and the query data into a JSON script (not executed, so the CSP that
 * forbids inline scripts still holds).
 */
export function assemblePage(template: string, parts: PageParts): string {
  const root = parts.hydrate
    ? `<div id="root" data-ssr="hydrate">${parts.body ?? ''}</div>` +
      `<script type="application/json" id="ssr-state">${scriptJson(parts.state ?? null)}</script>`
    : `<div id="root">${parts.body ?? ''}</div>`;
  return template
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `${parts.head}\n  </head>`)
    .replace('<div id="root"></div>', root);
}
