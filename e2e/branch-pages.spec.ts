import { expect, test } from './fixtures';
import { hydrated } from './hydration';
import { DESKTOP, PHONE, settled } from './people';

// The branches on the public site (issue 33): a visitor opens /AboutLink, follows a branch by keyboard and sees
// its address, phone, hours, map link, agents and listings. At phone and desktop width, axe clean at all impacts.

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`branch pages at ${size} width`, () => {
    test.use({ viewport });

    test('a visitor follows a branch from /AboutLink and sees its details, agents and listings', async ({
      page,
      shot,
      checkA11y,
    }) => {
      await page.goto('/AboutLink');
      await hydrated(page);
      await settled(page);
      const list = page.getByTestId('branch-list');
      await expect(list.getByRole('link')).toHaveText(['משרד ראשי תל אביב', 'סניף הרצליה', 'סניף חיפה']);
      await list.scrollIntoViewIfNeeded();
      await shot('about branches');
      await checkA11y({ allImpacts: true });

      // By keyboard: the Haifa link takes the focus and Enter follows it.
      const haifa = list.getByRole('link', { name: 'לדף של סניף חיפה' });
      await haifa.focus();
      await expect(haifa).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/branches\/haifa$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('סניף חיפה');
      await settled(page);
      await expect(page).toHaveTitle(/^סניף חיפה/);

      const details = page.getByTestId('branch-details');
      await expect(details).toContainText('שדרות הנשיא 120, חיפה');
      await expect(details).toContainText('ימים א׳-ה׳, 9:00-17:00, ו׳ 9:00-12:00');
      await expect(details.getByRole('link', { name: 'חיוג לסניף: 04-855-1234' })).toHaveAttribute(
        'href',
        'tel:048551234',
      );
      const map = details.getByRole('link', { name: /הצגת הכתובת במפה/ });
      await expect(map).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
      await expect(map).toHaveAttribute('target', '_blank');

      const agents = page.getByTestId('agent-card');
      await expect(agents.filter({ hasText: 'איתי גולן' })).toBeVisible();
      await expect(agents.filter({ hasText: 'דנה לוי' })).toHaveCount(0);
      for (const branch of await page.getByTestId('agent-branch').allInnerTexts())
        expect(branch).toBe('סניף חיפה');

      const listings = page
        .getByTestId('branch-listings')
        .getByRole('listitem')
        .filter({ has: page.locator('article') });
      expect(await listings.count()).toBeGreaterThan(0);
      await expect(page.locator('#branch-listings-count')).toHaveText(/נמצא|נמצאו/);
      await shot('branch page');
      await checkA11y({ allImpacts: true });

      // A listing of the branch names the branch, whose call button reaches it.
      await listings.first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/PropertyView\//);
      const contact = page.getByRole('region', { name: 'יצירת קשר' });
      await expect(contact.getByTestId('property-branch')).toHaveText('מטעם סניף חיפה');
      await expect(contact.getByRole('link', { name: 'התקשרו לסניף חיפה' })).toHaveAttribute(
        'href',
        'tel:048551234',
      );
      await contact.getByRole('link', { name: 'לדף של סניף חיפה' }).click();
      await expect(page).toHaveURL(/\/branches\/haifa$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('סניף חיפה');
    });

    test('an unknown branch answers the not-found page', async ({ page, checkA11y }) => {
      const res = await page.goto('/branches/no-such-branch');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('הסניף המבוקש לא נמצא');
      await expect(page.getByRole('link', { name: 'לכל הסניפים' })).toHaveAttribute('href', '/AboutLink');
      await checkA11y({ allImpacts: true });
    });
  });
}
