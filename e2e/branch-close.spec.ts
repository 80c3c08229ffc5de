import { createProperty, readProperty, unique } from './data';
import { expect, expectToast, test } from './fixtures';
import { DESKTOP, hebrewTag, PHONE, settled } from './people';

// Closing a branch (issue 33, docs/branches.md "Closing a branch"): a network admin closes a branch that holds an
// agent and a listing into another branch; the dialog shows what moves, asks where to, and the people and the
// listing are in the other branch afterwards. At phone and desktop width, by keyboard, axe clean.

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`closing a branch at ${size} width`, () => {
    test.use({ viewport });

    test('a network admin sees what moves, picks the branch, and the agent and the listing move there', async ({
      page,
      signInAs,
      shot,
      checkA11y,
    }) => {
      const tag = unique();
      const name = `סניף נסגר ${hebrewTag()}`;
      await signInAs('network');
      // The test's own branch, with an agent and a listing of hers.
      const created = await page.request.post('/api/v1/branches', {
        data: { name, slug: `closing-${tag}`, city: 'עכו' },
      });
      expect(created.status(), await created.text()).toBe(201);
      const branchId = (await created.json()).data.branch._id as string;
      const agentName = `סוכנת ${hebrewTag()}`;
      const agent = await page.request.post('/api/v1/users', {
        data: {
          name: agentName,
          email: `closing-${tag}@example.com`,
          phone_number: '052-555-0000',
          role: 'agent',
          gender: 'female',
          branchId,
        },
      });
      expect(agent.status(), await agent.text()).toBe(201);
      const agentId = (await agent.json()).data.user._id as string;
      const address = `העצמאות ${tag}`;
      const propertyId = await createProperty(page.request, { address, city: 'עכו', agent: agentId });
      expect((await readProperty(page.request, propertyId)).branch?.name).toBe(name);

      // A plain close is refused while the branch holds them: the close flow moves them.
      const plain = await page.request.patch(`/api/v1/branches/${branchId}`, { data: { active: false } });
      expect(plain.status()).toBe(409);

      await page.goto('/Branches');
      await settled(page);
      const card = page.getByTestId('branch-card').filter({ has: page.getByRole('heading', { name }) });
      await card.getByRole('button', { name: `סגירת ${name}` }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `סגירת ${name}` });
      await expect(dialog).toBeVisible();
      const moves = dialog.getByRole('region', { name: 'מה יעבור' });
      await expect(moves.getByText('איש צוות אחד')).toBeVisible();
      await expect(moves.getByText(agentName)).toBeVisible();
      await expect(moves.getByText('נכס אחד')).toBeVisible();
      await expect(moves.getByText(`${address}, עכו`)).toBeVisible();
      // Confirming without a branch says what is missing, on the field.
      await dialog.getByRole('button', { name: 'סגירה והעברה' }).click();
      const target = dialog.getByLabel(/הסניף שאליו יעברו/);
      await expect(target).toHaveAccessibleDescription('יש לבחור סניף');
      await expect(target.getByRole('option', { name })).toHaveCount(0);
      await checkA11y({ allImpacts: true });
      await shot('what moves');

      await target.selectOption({ label: 'סניף חיפה' });
      await dialog.getByRole('button', { name: 'סגירה והעברה' }).press('Enter');
      await expectToast(page, `${name} נסגר, והכול עבר לסניף חיפה`);
      await expect(dialog).toBeHidden();
      await expect(card.getByText('סגור', { exact: true })).toBeVisible();
      await checkA11y({ allImpacts: true });
      await shot('closed');

      // Stored as shown: the agent and the listing are Haifa's, the branch is closed.
      expect((await readProperty(page.request, propertyId)).branch?.name).toBe('סניף חיפה');
      const users = (await (await page.request.get('/api/v1/users')).json()).data.data as {
        _id: string;
        branch: { name: string };
      }[];
      expect(users.find((u) => u._id === agentId)?.branch.name).toBe('סניף חיפה');
      const branches = (await (await page.request.get('/api/v1/branches')).json()).data.branches as {
        _id: string;
        active: boolean;
      }[];
      expect(branches.find((b) => b._id === branchId)?.active).toBe(false);
    });
  });
}
