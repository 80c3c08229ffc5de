import { unique, userId } from './data';
import { expect, expectToast, test } from './fixtures';
import { DESKTOP, hebrewTag, PHONE, settled, sidewaysOverflow, signInAsPerson } from './people';

// Referring a lead between branches (issue 33, docs/decisions/0044): the Haifa franchisee refers a Haifa lead
// to Herzliya with the network's default fee; a Herzliya branch manager accepts it and gives it to a Herzliya
// agent; the lead is then Herzliya's and no longer Haifa's. At phone and desktop width, axe clean.

/** A mobile number of the test's own, so the new lead never joins another test's contact. */
const mobile = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`lead referral at ${size} width`, () => {
    test.use({ viewport });

    test('Haifa refers a lead to Herzliya, whose manager accepts it: the lead moves', async ({
      page,
      signInAs,
      shot,
      checkA11y,
    }) => {
      const tag = unique();
      const leadName = `ליד הפניה ${tag}`;

      // The network CEO makes a Herzliya branch manager: an admin of Herzliya without network access.
      await signInAs('network');
      const branchList = (await (await page.request.get('/api/v1/branches')).json()).data.branches as {
        _id: string;
        slug: string;
      }[];
      const herzliyaId = branchList.find((b) => b.slug === 'herzliya')!._id;
      const manager = {
        name: `מנהלת הרצליה ${hebrewTag()}`,
        email: `herzliya-${tag}@example.com`,
        password: `harbor-lamp-${Math.random().toString(36).slice(2, 10)}`,
      };
      const created = await page.request.post('/api/v1/users', {
        data: {
          ...manager,
          phone_number: '052-555-0000',
          role: 'admin',
          gender: 'female',
          companyRole: '',
          branchId: herzliyaId,
          networkAccess: false,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const managerPerson = { ...manager, id: (await created.json()).data.user._id as string };

      // The Haifa franchisee files a lead of her branch for her agent.
      await signInAs('haifa');
      const itai = await userId(page.request, 'itai@example.com');
      const lead = await page.request.post('/api/v1/pipeline/leads', {
        data: { name: leadName, phone: mobile(), category: 'קונה', ownerId: itai },
      });
      expect(lead.status(), await lead.text()).toBe(201);
      const leadId = (await lead.json()).data.lead._id as string;

      // On the lead page: "הפניה לסניף", Herzliya, the network's default fee, a note.
      await page.goto(`/Leads/${leadId}`);
      await settled(page);
      await page.getByRole('button', { name: 'הפניה לסניף' }).click();
      const dialog = page.getByRole('dialog', { name: `הפניית הליד של ${leadName} לסניף אחר` });
      await expect(dialog).toBeVisible();
      const fee = dialog.getByLabel('עמלת הפניה (באחוזים)');
      await expect(fee).toHaveValue('25');
      // Sent without a branch: the dialog says what is missing, on the field.
      await dialog.getByRole('button', { name: 'שליחת ההפניה' }).click();
      await expect(dialog.getByText('יש לבחור את הסניף המקבל')).toBeVisible();
      await dialog.getByLabel('הסניף המקבל').selectOption({ label: 'סניף הרצליה' });
      await expect(dialog.getByLabel('הסניף המקבל').locator('option', { hasText: 'סניף חיפה' })).toHaveCount(
        0,
      );
      await dialog.getByLabel('הערה לסניף המקבל (לא חובה)').fill('הלקוח עבר לגור בהרצליה');
      await checkA11y({ allImpacts: true });
      await shot('refer dialog');
      await dialog.getByRole('button', { name: 'שליחת ההפניה' }).click();
      await expectToast(page, 'ההפניה נשלחה אל סניף הרצליה');
      await expect(dialog).toBeHidden();

      // Her referrals page: the outgoing referral, pending.
      await page.goto('/Referrals');
      await settled(page);
      const outgoing = page.getByRole('listitem').filter({ hasText: leadName });
      await expect(outgoing).toContainText('ממתינה להחלטה');
      await expect(outgoing.getByText('עמלת הפניה:')).toBeVisible();
      await expect(outgoing.getByText('25%', { exact: true })).toBeVisible();
      await expect(outgoing.getByRole('button')).toHaveCount(0);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await checkA11y({ allImpacts: true });
      await shot('outgoing pending');

      // The Herzliya manager accepts it and gives the lead to a Herzliya agent.
      await signInAsPerson(page, managerPerson);
      await page.goto('/Referrals');
      await settled(page);
      const incoming = page.getByRole('listitem').filter({ hasText: leadName });
      await expect(incoming).toContainText('הלקוח עבר לגור בהרצליה');
      await expect(incoming).toContainText('סניף חיפה');
      await checkA11y({ allImpacts: true });
      await shot('incoming pending');
      await incoming.getByRole('button', { name: `אישור ההפניה של ${leadName}` }).click();
      const accept = page.getByRole('dialog', { name: `אישור ההפניה של ${leadName}` });
      await expect(accept).toBeVisible();
      await accept.getByLabel('מי יטפל בליד').selectOption({ label: 'נועה ביטון' });
      await checkA11y({ allImpacts: true });
      await shot('accept dialog');
      await accept.getByRole('button', { name: 'אישור והעברת הליד' }).click();
      await expectToast(page, `ההפניה אושרה: הליד של ${leadName} עבר לסניף שלכם`);
      await expect(page.getByRole('listitem').filter({ hasText: leadName })).toContainText('אושרה');

      // Herzliya's list has the lead; its page says where it came from, in the routing reason and timeline.
      await page.goto(`/Leads?view=table&q=${tag}`);
      await settled(page);
      await expect(page.getByText(leadName).first()).toBeVisible();
      await page.goto(`/Leads/${leadId}`);
      await settled(page);
      const reason = 'הופנה מסניף חיפה לסניף הרצליה, עמלת הפניה 25%';
      await expect(page.getByText(reason, { exact: true })).toBeVisible();
      await expect(page.getByText(`${reason}. הלקוח עבר לגור בהרצליה`)).toBeVisible();
      await checkA11y({ allImpacts: true });
      await shot('lead in Herzliya');

      // Haifa no longer has it; her referrals page shows it accepted.
      await signInAs('haifa');
      await page.goto(`/Leads?view=table&q=${tag}`);
      await settled(page);
      await expect(page.getByText(leadName)).toHaveCount(0);
      expect((await page.request.get(`/api/v1/pipeline/leads/${leadId}`)).status()).toBe(404);
      await page.goto('/Referrals');
      await settled(page);
      const done = page.getByRole('listitem').filter({ hasText: leadName });
      await expect(done).toContainText('אושרה');
      await expect(done).toContainText(`הוכרעה על ידי:${manager.name}`);
      await expect(done.getByRole('link')).toHaveCount(0);
      await checkA11y({ allImpacts: true });
      await shot('outgoing accepted');
    });
  });
}
