import { createProperty, unique } from './data';
import { expect, test } from './fixtures';

test('each listing page shows its own sold list: rented rentals on /Rent, sold sales on /Sale', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const rented = `הדקל ${unique()}`;
  const sold = `הזית ${unique()}`;
  await createProperty(page.request, {
    address: rented,
    typeTransaction: 'השכרה',
    price: 5_800,
    sold: true,
  });
  await createProperty(page.request, { address: sold, sold: true });
  await page.context().clearCookies();

  await page.goto('/Rent');
  const rentedList = page.getByRole('region', { name: 'נכסים שהושכרו' });
  const rentedCard = rentedList.getByRole('article').filter({ hasText: rented });
  await expect(rentedCard).toBeVisible();
  await expect(rentedCard.getByText('RENTED')).toBeVisible();
  await expect(rentedList.getByRole('article').filter({ hasText: sold })).toHaveCount(0);
  await rentedList.scrollIntoViewIfNeeded();
  await shot('rented list');
  await checkA11y({ allImpacts: true });

  await page.goto('/Sale');
  const soldList = page.getByRole('region', { name: 'נכסים שנמכרו' });
  await expect(soldList.getByRole('article').filter({ hasText: sold }).getByText('SOLD')).toBeVisible();
  await expect(soldList.getByRole('article').filter({ hasText: rented })).toHaveCount(0);
  // Neither is among the properties on offer.
  await expect(page.getByRole('article').filter({ hasText: rented })).toHaveCount(0);
});
