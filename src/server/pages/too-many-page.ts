import { MESSAGES } from '@shared/schemas/common';

/**
 * The page a rate-limited page request gets (429): self-contained (no script, nothing of the build), right to
 * left, in Hebrew, saying when to try again.
 */
export function tooManyRequestsPage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const when = minutes === 1 ? 'בעוד דקה' : `בעוד ${minutes} דקות`;
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>יותר מדי בקשות</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f7f7f8;color:#1f2328}
main{max-inline-size:32rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin-block-end:.75rem}
</style>
</head>
<body>
<main>
<h1>יותר מדי בקשות</h1>
<p>${MESSAGES.tooManyRequests}.</p>
<p>אפשר לטעון את הדף שוב ${when}.</p>
</main>
</body>
</html>
`;
}
