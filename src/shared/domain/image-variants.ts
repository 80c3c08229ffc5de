/**
 * The widths the image pipeline stores of every picture (`{folder}/{id}-{width}.webp`), smallest first. 960
 * serves a phone's full-width photo (a 390-430 px screen at 2x) without sending the 1600 px one, which is two
 * to three times the bytes and the main cost of a page's largest paint on a slow network.
 */
export const VARIANT_WIDTHS = [320, 640, 960, 1600] as const;

const VARIANT_URL = /^(\/(?:uploads|media)\/.+)-(\d+)\.webp$/;

/**
 * The `srcset` of a picture the pipeline (or the demo media) stored by width, from the URL of its widest
 * variant: every standard width below it, then itself (a smaller picture stops at its own width). Undefined for
 * any other URL, which is then shown as it is.
 */
export function variantSrcSet(url: string): string | undefined {
  const match = VARIANT_URL.exec(url);
  if (!match) return undefined;
  const [, base, widthText] = match;
  const width = Number(widthText);
  const widths = [...VARIANT_WIDTHS.filter((w) => w < width), width];
  return widths.map((w) => `${base}-${w}.webp ${w}w`).join(', ');
}
