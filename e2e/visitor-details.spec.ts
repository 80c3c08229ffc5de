import { createProperty, photo, unique } from './data';
import { expect, test } from './fixtures';
import { DESKTOP, PHONE } from './people';

test('a one-room rental reads חדר אחד and לחודש; the whole card is one link named by its address', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  const city = `עין ${unique()}`;
  const address = `הגפן ${unique()}`;
  await signInAs('admin');
  const id = await createProperty(
    page.request,
    { city, address, typeTransaction: 'השכרה', price: 4_300, rooms: 1, size: 30, floor: '2' },
    [await photo('#557799', 'front.png')],
  );
  await createProperty(page.request, {
    city,
    address: `הגפן ${unique()}`,
    typeTransaction: 'השכרה',
    price: 4_500,
    rooms: 2,
  });
  await page.context().clearCookies();

  await page.setViewportSize(PHONE);
  // The server's title and share tags echo a city the list knows, and only such a city.
  const titleOf = async (url: string) =>
    /<title>([^<]*)<\/title>/.exec(await (await page.request.get(url)).text())?.[1] ?? '';
  expect(await titleOf(`/Rent?city=${encodeURIComponent(city)}`)).toMatch(
    new RegExp(`^נכסים להשכרה ב${city} \\|`),
  );
  expect(await titleOf(`/Rent?city=${encodeURIComponent('דירות חינם')}`)).toMatch(/^נכסים להשכרה \|/);
  await page.goto(`/Rent?city=${encodeURIComponent(city)}`);
  const card = page.getByRole('article').filter({ hasText: address });
  await expect(card).toContainText('חדר אחד');
  await expect(card).not.toContainText('1 חדרים');
  await expect(card).toContainText(/4,300\D*₪ לחודש/);
  await shot('one-room rental card at phone width');
  await checkA11y({ allImpacts: true });
  // The card's one link is named by the address, and a tap anywhere on it (the photo) opens the property.
  await expect(card.getByRole('link')).toHaveCount(1);
  await expect(card.getByRole('link')).toHaveAccessibleName(address);
  // The link's cover lies over the photo (Playwright's own click would wait for the photo to be on top).
  await card.getByRole('img').scrollIntoViewIfNeeded(); // a point off the screen has no element
  const photoBox = (await card.getByRole('img').boundingBox())!;
  const [x, y] = [photoBox.x + photoBox.width / 2, photoBox.y + photoBox.height / 2];
  expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.tagName, [x, y])).toBe('A');
  await page.mouse.click(x, y);
  await expect(page).toHaveURL(new RegExp(`/PropertyView/${id}$`));
  await expect(page.getByTestId('key-price')).toHaveText(/4,300\D*₪ לחודש/);
  await expect(page.getByRole('region', { name: 'עיקרי הנכס' })).toContainText('חדר אחד');
  expect(await titleOf(`/PropertyView/${id}`)).toMatch(/^דירת חדר אחד להשכרה ב.* – ₪4,300 לחודש/);
  // A similar card is one link too, named by its address.
  const similar = page.getByTestId('similar-card');
  await expect(similar).toHaveCount(1);
  await expect(similar.getByRole('link')).toHaveAccessibleName(/^הגפן /);
  await expect(similar).toContainText(/4,500\D*₪ לחודש/);
  await shot('one-room rental page');
  await checkA11y({ allImpacts: true });
});

test('a sold property says so by the price, and in place of the inquiry form leads to similar ones', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  const city = `כפר ${unique()}`;
  const address = `התאנה ${unique()}`;
  const other = `התאנה ${unique()}`;
  await signInAs('admin');
  const id = await createProperty(page.request, { city, address, price: 2_100_000, rooms: 4, sold: true });
  await createProperty(page.request, { city, address: other, price: 2_200_000, rooms: 4 });
  await page.context().clearCookies();

  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto(`/PropertyView/${id}`);
    // The same address again is a reload to the browser, which would restore the scroll of the last visit.
    await page.evaluate(() => window.scrollTo(0, 0));
    const badge = page.getByTestId('sold-badge');
    await expect(badge).toHaveText('נמכר');
    await expect(badge).toBeInViewport();
    await expect(page.getByRole('region', { name: 'מתעניינים בנכס?' })).toHaveCount(0);
    const note = page.getByRole('region', { name: 'הנכס אינו זמין עוד' });
    await expect(note).toContainText('הנכס הזה כבר נמכר.');
    await note.scrollIntoViewIfNeeded();
    await shot(`sold property ${size.width}`);
    await checkA11y({ allImpacts: true });
  }
  await page.getByRole('link', { name: `לנכסים דומים למכירה ב${city}` }).click();
  await expect(page).toHaveURL(/\/Sale\?city=/);
  await expect(page.getByRole('article').filter({ hasText: other })).toBeVisible();
  await expect(page.locator('#results-count')).toHaveText('נמצא נכס אחד');
});

test('typed prices show separators and ₪ after the number, in boxes at least 44 px tall', async ({
  page,
  shot,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/Sale');
  const typed = page.getByLabel('הקלדת מחיר מקסימלי בשקלים');
  await typed.fill('');
  await typed.pressSequentially('2450000');
  await expect(typed).toHaveValue('2,450,000');
  const box = (await typed.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  // The sign sits after the number: in a right-to-left row, to its left.
  const sign = typed.locator('xpath=following-sibling::span[1]');
  await expect(sign).toHaveText('₪');
  const signBox = (await sign.boundingBox())!;
  expect(signBox.x).toBeLessThan(box.x + box.width / 2);
  await typed.press('Enter');
  await expect(page).toHaveURL(/maxPrice=2450000/);
  await shot('typed price');
});

test('/sale in other cases redirects permanently to /Sale; a visitor on /AgentProfile is asked to sign in', async ({
  page,
  checkA11y,
}) => {
  const res = await page.request.get('/sale?city=x', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/Sale?city=x');
  await page.goto('/AgentProfile');
  await expect(page).toHaveTitle(/^הפרופיל האישי \|/);
  await expect(page.getByRole('heading', { level: 1, name: 'הפרופיל האישי' })).toBeVisible();
  await expect(page.getByText('יש להתחבר כדי לצפות בפרופיל')).toBeVisible();
  await page.getByRole('link', { name: 'להתחברות' }).click();
  await expect(page).toHaveURL(/\/Login$/);
  await checkA11y({ allImpacts: true });
});

test('on a phone the sticky contact bar steps aside while a form field has focus', async ({
  page,
  signInAs,
  shot,
}) => {
  await signInAs('admin');
  const id = await createProperty(page.request, { address: `הברוש ${unique()}`, rooms: 3 });
  await page.context().clearCookies();
  await page.setViewportSize(PHONE);
  await page.goto(`/PropertyView/${id}`);
  const bar = page.getByRole('navigation', { name: 'יצירת קשר מהירה' });
  await expect(bar).toBeInViewport();
  const form = page.getByRole('region', { name: 'מתעניינים בנכס?' });
  for (const label of ['שם', 'טלפון נייד', 'הודעה (לא חובה)']) {
    const field = form.getByLabel(label);
    await field.focus();
    await expect(bar).toBeHidden();
    // The focused field is on screen and nothing is drawn over its middle.
    await expect(field).toBeInViewport();
    // Polled: focusing may scroll the page, and a box read mid-scroll points elsewhere.
    const fieldOnTop = async () => {
      const box = (await field.boundingBox())!;
      return page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('input, textarea')?.outerHTML ?? '',
        [box.x + box.width / 2, box.y + box.height / 2],
      );
    };
    await expect.poll(fieldOnTop).not.toBe('');
  }
  await shot('field focused, bar aside');
  await form.getByLabel('הודעה (לא חובה)').blur();
  await expect(bar).toBeVisible();
});

test('privacy policy and terms: from the footer and from every form, with what is collected and how to ask for deletion', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const id = await createProperty(page.request, { address: `האורן ${unique()}` });
  await page.context().clearCookies();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'מדיניות פרטיות' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'מדיניות פרטיות' })).toBeVisible();
    for (const heading of [
      'איזה מידע נאסף',
      'למה המידע נאסף',
      'מי רואה את המידע',
      'לכמה זמן המידע נשמר',
      'עיון, תיקון ומחיקה',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByRole('main')).toContainText('office@example.com');
    await shot(`privacy ${size.width}`);
    await checkA11y({ allImpacts: true });
    await page.getByRole('contentinfo').getByRole('link', { name: 'תנאי שימוש' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'תנאי שימוש' })).toBeVisible();
    await checkA11y({ allImpacts: true });
  }
  // Each public form's consent line links to both.
  const forms = [
    ['/', page.locator('#liveDitails form')],
    ['/JobNeedForm', page.getByRole('main').locator('form')],
    [`/PropertyView/${id}`, page.getByRole('region', { name: 'מתעניינים בנכס?' })],
  ] as const;
  for (const [url, form] of forms) {
    await page.goto(url);
    await expect(form.getByRole('link', { name: 'מדיניות פרטיות' })).toHaveAttribute('href', '/privacy');
    await expect(form.getByRole('link', { name: 'תנאי שימוש' })).toHaveAttribute('href', '/terms');
  }
});

test.describe('before JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the lead, job and inquiry forms post to the server and answer with a confirmation or field errors', async ({
    page,
    signInAs,
    shot,
  }) => {
    await signInAs('admin');
    const id = await createProperty(page.request, { address: `הרימון ${unique()}` });
    await page.context().clearCookies();
    const name = `בלי סקריפט ${unique()}`;
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });

    await page.setViewportSize(PHONE);
    await page.goto('/');
    const lead = page.locator('#liveDitails form');
    await lead.getByLabel('שם').fill(name);
    await lead.getByLabel('טלפון').fill('054-321-9876');
    await lead.getByRole('button', { name: 'שליחה' }).click();
    await expect(page.locator('#liveDitails').getByRole('status')).toHaveText('הפרטים נשלחו בהצלחה!');
    await shot('lead sent without JavaScript');

    await page.goto('/JobNeedForm');
    const job = page.getByRole('main').locator('form');
    await job.getByLabel('שם מלא').fill(name);
    await job.getByLabel('טלפון').fill('123');
    await job.getByLabel('כתובת מייל').fill('cand@example.com');
    await job.getByRole('button', { name: /שליחה/ }).click();
    await expect(page.getByText('מספר הטלפון אינו תקין, נסה שוב.')).toBeVisible();
    await expect(job.getByLabel('שם מלא')).toHaveValue(name);
    await shot('job refused without JavaScript');
    await job.getByLabel('טלפון').fill('052-555-1212');
    await job.getByRole('button', { name: /שליחה/ }).click();
    await expect(page.getByRole('status')).toHaveText('הפרטים נשלחו בהצלחה!');

    await page.goto(`/PropertyView/${id}`);
    const inquiry = page.getByRole('region', { name: 'מתעניינים בנכס?' });
    await inquiry.getByLabel('שם').fill(name);
    await inquiry.getByLabel('טלפון נייד').fill('050-765-4321');
    await inquiry.getByRole('button', { name: 'שליחת פנייה' }).click();
    await expect(inquiry.getByRole('status')).toHaveText('הפנייה נשלחה! הסוכן יחזור אליכם בהקדם.');
    await shot('inquiry sent without JavaScript');

    // Each went to its own page's address, and no name or phone was ever in an address.
    expect(posts.map((url) => new URL(url).pathname)).toEqual([
      '/',
      '/JobNeedForm',
      '/JobNeedForm',
      `/PropertyView/${id}`,
    ]);
    for (const url of [...posts, page.url()]) {
      expect(decodeURIComponent(url)).not.toContain(name);
      for (const phone of ['054-321-9876', '0543219876', '052-555-1212', '050-765-4321']) {
        expect(decodeURIComponent(url)).not.toContain(phone);
      }
    }
  });
});
