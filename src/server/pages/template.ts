const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON safe inside a <script> element: no `</script>`, no line separators that end a JS string. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => ESCAPES[c] ?? c);
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
  const [beforeHead, beforeRoot, rest] = templateParts(template);
  // Joined, not String.replace: the page's text may hold `$&` and the like, which replace would expand.
  return `${beforeHead}${parts.head}\n  </head>${beforeRoot}${root}${rest}`;
}

let split: { template: string; parts: [string, string, string] } | undefined;

/** Throws, naming what is missing, unless the pages can be put into `template` (checked once, at start). */
export function checkTemplate(template: string): void {
  templateParts(template);
}

/** The template cut where the head tags and the app go, its generic title and description removed; once. */
function templateParts(template: string): [string, string, string] {
  if (split?.template === template) return split.parts;
  const bare = template
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  const head = bare.indexOf('</head>');
  const root = bare.indexOf('<div id="root"></div>', head);
  if (head < 0 || root < 0) throw new Error('index.html has no </head> or no <div id="root"></div>');
  const parts: [string, string, string] = [
    bare.slice(0, head),
    bare.slice(head + '</head>'.length, root),
    bare.slice(root + '<div id="root"></div>'.length),
  ];
  split = { template, parts };
  return parts;
}
