import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The Hebrew faces the first screen of every page paints with: body text (400) and headings (700). */
const FIRST_SCREEN_FONTS = [
  /^heebo-hebrew-400-normal-[\w-]+\.woff2$/,
  /^heebo-hebrew-700-normal-[\w-]+\.woff2$/,
];

/**
 * Preload links for the built font files of the first screen: the browser would otherwise find them only
 * after the stylesheet has arrived and the page has been laid out, one round trip later.
 */
export function fontPreloadTags(webRoot: string | undefined): string {
  const assets = webRoot ? join(webRoot, 'assets') : undefined;
  if (!assets || !existsSync(assets)) return '';
  const files = readdirSync(assets);
  return FIRST_SCREEN_FONTS.flatMap((pattern) => files.filter((file) => pattern.test(file)))
    .map((file) => `<link rel="preload" as="font" type="font/woff2" href="/assets/${file}" crossorigin />`)
    .join('\n    ');
}
