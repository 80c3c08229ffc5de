import type { Locator, Page } from '@playwright/test';
import { createProperty, unique } from './data';
import { expect, test } from './fixtures';
import { hydrated } from './hydration';

type Rgba = [number, number, number, number];

/**
 * The focused element's ring as the browser draws it: the outline (outer tone), the shadow filling its offset
 * (inner tone), and the colour behind the ring (the ancestors' backgrounds, blended down to an opaque one).
 */
async function ringOf(page: Page, target: Locator) {
  await page.keyboard.press('Tab'); // a keyboard user: :focus-visible applies to what gets focus next
  await target.focus();
  await expect(target).toBeFocused();
  return target.evaluate(async (element) => {
    // Buttons fade their colours in (transition-colors, which includes the outline): read the ring once drawn.
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    // Any CSS colour (Tailwind's are oklch) as sRGB with alpha, read back from a one-pixel canvas.
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const parse = (text: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = text || 'transparent';
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return a === 0 ? [0, 0, 0, 0] : [r, g, b, a / 255];
    };
    const style = getComputedStyle(element);
    const layers: [number, number, number, number][] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] === 1) break;
    }
    // The widest visible shadow: Tailwind's ring is one of several (mostly transparent) shadows.
    const shadows = [...style.boxShadow.matchAll(/((?:rgba?|oklch|color)\([^)]*\))((?:\s+-?[\d.]+px){3,4})/g)]
      .map(([, colour = '', lengths = '']) => ({
        colour: parse(colour),
        spread: Number.parseFloat(lengths.trim().split(/\s+/)[3] ?? '0'),
      }))
      .filter((shadow) => shadow.colour[3] > 0)
      .sort((a, b) => b.spread - a.spread);
    return {
      outline: {
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
        colour: parse(style.outlineColor),
      },
      inner: shadows[0] ?? { colour: parse('transparent'), spread: 0 },
      behind: layers,
    };
  });
}

/** Layers from the nearest ancestor outwards, blended over white if none of them is opaque. */
function blend(layers: Rgba[]): [number, number, number] {
  let colour: [number, number, number] = [255, 255, 255];
  for (const [r, g, b, a] of [...layers].reverse()) {
    colour = [r * a + colour[0] * (1 - a), g * a + colour[1] * (1 - a), b * a + colour[2] * (1 - a)];
  }
  return colour;
}

const luminance = ([r, g, b]: readonly number[]) => {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.039_28 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
};
const contrast = (a: readonly number[], b: readonly number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** A form field draws its own ring (a 2 px shadow in brand blue) in place of the outline. */
async function expectFieldRing(page: Page, target: Locator, where: string) {
  const ring = await ringOf(page, target);
  expect(ring.outline.style, where).toBe('none');
  expect(ring.inner.spread, where).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.inner.colour, blend(ring.behind)), where).toBeGreaterThanOrEqual(3);
}

/**
 * Two tones at least 9:1 apart (WCAG technique C40), so any colour has 3:1 against one of them, and the outer
 * tone itself has 3:1 against the surface behind the ring.
 */
async function expectVisibleRing(page: Page, target: Locator, where: string) {
  const ring = await ringOf(page, target);
  expect(ring.outline.style, where).toBe('solid');
  expect(ring.outline.width, where).toBeGreaterThanOrEqual(2);
  expect(ring.inner.spread, where).toBeGreaterThanOrEqual(1);
  expect(contrast(ring.outline.colour, ring.inner.colour), where).toBeGreaterThanOrEqual(9);
  expect(contrast(ring.outline.colour, blend(ring.behind)), where).toBeGreaterThanOrEqual(3);
}

test('the focus ring stands out on white, on brand buttons, on the dark bars and in the hero', async ({
  page,
  signInAs,
  shot,
}) => {
  // A sale flat of the test's own, in a city of its own: its card is the one the ring is checked on.
  const city = `רמת ${unique()}`;
  const address = `הזית ${unique()}`;
  await signInAs('admin');
  await createProperty(page.request, { city, address });
  await page.context().clearCookies();
  await page.goto(`/Sale?city=${encodeURIComponent(city)}`);
  await hydrated(page);
  await expect(page.locator('#results-count')).toHaveText('נמצא נכס אחד');
  const search = page.getByRole('button', { name: 'חיפוש', exact: true });
  await expectVisibleRing(page, search, 'the search button (brand blue) on the filter panel');
  await shot('focus on a brand button');
  await expectFieldRing(page, page.getByRole('combobox', { name: 'עיר' }), 'a text field');
  await expectVisibleRing(page, page.getByLabel('הקלדת מחיר מקסימלי בשקלים'), 'a typed price');
  await expectVisibleRing(page, page.getByRole('button', { name: 'איפוס' }), 'a white button');
  // A card is outlined as a whole when its link has the focus (the link itself draws no second ring).
  const cardLink = page.getByRole('article').getByRole('link', { name: address });
  await expect(cardLink).toHaveCount(1);
  await cardLink.focus();
  expect(await cardLink.evaluate((link) => getComputedStyle(link).outlineStyle)).toBe('none');
  expect(await cardLink.evaluate((link) => getComputedStyle(link.closest('article')!).outlineStyle)).toBe(
    'solid',
  );
  await shot('focus on a card');
  const footerLink = page.getByRole('contentinfo').getByRole('link').first();
  await expectVisibleRing(page, footerLink, 'a link in the dark footer');
  await shot('focus in the footer');
  await expectVisibleRing(page, page.getByRole('banner').getByRole('link').first(), 'a link in the top bar');

  await page.goto('/');
  await hydrated(page);
  const hero = page.locator('section[aria-labelledby="home-title"]');
  await expectVisibleRing(page, hero.getByRole('link', { name: /התקשרו/ }), 'the call button in the hero');
  await shot('focus in the hero');
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the focus ring on the 'סינון' button and in the filter drawer", async ({ page, shot }) => {
    await page.goto('/Rent');
    await hydrated(page);
    const open = page.getByRole('button', { name: /^סינון/ });
    await expectVisibleRing(page, open, "the 'סינון' button");
    await open.press('Enter');
    const drawer = page.getByRole('dialog', { name: /סינון/ });
    await expect(drawer).toBeVisible();
    await expectVisibleRing(
      page,
      drawer.getByRole('button', { name: 'חיפוש', exact: true }),
      'the search button in the drawer',
    );
    await shot('focus in the drawer');
  });
});
