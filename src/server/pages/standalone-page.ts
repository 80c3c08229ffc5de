/**
 * A page that stands on its own (no script, nothing of the build, which may be what is missing): right to
 * left, in Hebrew, never indexed. Used for the answers the app itself cannot render: an outage, a rate limit.
 * The paragraphs are trusted text of the product (not a person's input).
 */
export function standalonePage(page: {
  title: string;
  paragraphs: string[];
  refreshSeconds?: number;
}): string {
  const refresh =
    page.refreshSeconds === undefined ? '' : `<meta http-equiv="refresh" content="${page.refreshSeconds}">\n`;
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh}<title>${page.title}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f7f7f8;color:#1f2328}
main{max-inline-size:32rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin-block-end:.75rem}
</style>
</head>
<body>
<main>
<h1>${page.title}</h1>
${page.paragraphs.map((text) => `<p>${text}</p>`).join('\n')}
</main>
</body>
</html>
`;
}
