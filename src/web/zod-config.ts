// Before any schema is built: zod's fast path compiles parsers with `new Function`, and merely probing for
// it makes the browser report a CSP violation (script-src has no 'unsafe-eval'). zod reads its settings from
// this global (zod/v4/core `globalConfig`), so setting it here costs no zod code in the entry chunk. The
// plain parsers it uses instead are fast enough for forms and filters.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
