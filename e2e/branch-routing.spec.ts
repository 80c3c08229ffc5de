import { unique } from './data';
import { expect, expectToast, test } from './fixtures';
import { DESKTOP, hebrewTag, PHONE, settled } from './people';

// Routing per branch (issue 33, docs/decisions/0047): the network CEO gives a new branch a city and that city's
// agent; a visitor's valuation request from the city lands in the branch, with the agent, and the lead says
// which branch took it and why. At phone and desktop width, axe clean.

/** A mobile number of the test's own, so the lead never joins another test's contact. */
const mobile = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`routing per branch at ${size} width`, () => {
    test.use({ viewport });

    test('a valuation from a city a branch covers goes to that branch and its city agent', async ({
      page,
      browser,
      signInAs,
      shot,
      checkA11y,
    }) => {
      const tag = unique();
      // Hebrew names: other journeys read every agent's name on shared screens (the charts say them in Hebrew).
      const hebrew = hebrewTag();
      const branchName = `סניף ניתוב ${hebrew}`;
      // A city no other run covers: a city belongs to one branch at most.
      const city = `קריית בדיקה ${hebrew}`;
      const agentName = `סוכנת העיר ${hebrew}`;
      await signInAs('network');
      const made = await page.request.post('/api/v1/branches', {
        data: { name: branchName, slug: `routing-${tag}`.toLowerCase().replace(/[^a-z0-9-]/g, '') },
      });
      expect(made.status(), await made.text()).toBe(201);
      const branchId = (await made.json()).data.branch._id as string;
      const agent = await page.request.post('/api/v1/users', {
        data: {
          name: agentName,
          email: `routing-${Math.random().toString(36).slice(2, 8)}@example.com`,
          phone_number: '052-555-0000',
          role: 'agent',
          companyRole: '',
          gender: 'female',
          branchId,
        },
      });
      expect(agent.status(), await agent.text()).toBe(201);
      const agentId = (await agent.json()).data.user._id as string;

      await page.goto('/LeadSettings');
      await settled(page);
      await page.getByRole('combobox', { name: 'הגדרות של' }).selectOption({ label: branchName });
      const cities = page.getByRole('textbox', { name: 'ערים (מופרדות בפסיקים)' });
      await expect(cities).toBeVisible();
      await expect(page.getByText('הסניף פועל לפי הגדרות הרשת.')).toBeVisible();
      await cities.fill(city);
      await page.getByRole('checkbox', { name: 'לסניף יש כללי ניתוב, זמן תגובה ושעות משרד משלו' }).check();
      await page.getByRole('button', { name: 'הוספת עיר' }).click();
      await page.getByRole('textbox', { name: 'עיר', exact: true }).last().fill(city);
      const agentChoice = page.getByRole('combobox', { name: 'סוכן', exact: true }).last();
      await agentChoice.selectOption(agentId);
      await checkA11y({ allImpacts: true });
      await shot('branch cities and city agent');
      await page.getByRole('button', { name: 'שמירת הגדרות הסניף' }).click();
      await expectToast(page, `ההגדרות של ${branchName} נשמרו`);

      // Stored as shown.
      const stored = await page.request.get(`/api/v1/pipeline/branches/${branchId}/settings`);
      expect((await stored.json()).data.branchSettings).toMatchObject({
        cities: [city],
        own: true,
        settings: { cityAgents: [{ city, agentId }] },
      });

      // A visitor (no session) asks for a valuation in that city.
      const visitorContext = await browser.newContext({ viewport });
      const visitor = await visitorContext.newPage();
      const seller = `מוכר ${hebrew}`;
      await visitor.goto('/Valuation');
      await settled(visitor);
      const form = visitor.getByRole('main').locator('form');
      await form.getByLabel('שם').fill(seller);
      await form.getByLabel('טלפון נייד').fill(mobile());
      await form.getByLabel('עיר').fill(city);
      await form.getByLabel('רחוב').fill('הנביאים 3');
      await form.getByLabel('מספר חדרים').fill('4');
      await form.getByLabel('גודל (מ"ר)').fill('100');
      await form.getByRole('button', { name: 'לקבלת הערכת שווי' }).click();
      await expect(form.getByRole('button', { name: 'הבקשה נשלחה' })).toBeDisabled();
      await visitorContext.close();

      // The lead is the branch's, its city agent's, and says why.
      const list = await page.request.get(`/api/v1/pipeline/leads?q=${encodeURIComponent(seller)}`);
      const leads = (await list.json()).data.leads as {
        _id: string;
        branch: { _id: string };
        owner: { _id: string } | null;
      }[];
      expect(leads).toHaveLength(1);
      expect(leads[0]!.branch._id).toBe(branchId);
      expect(leads[0]!.owner?._id).toBe(agentId);
      await page.goto(`/Leads/${leads[0]!._id}`);
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(seller);
      const reason = `${branchName}: העיר ${city} בתחום הסניף; הסוכן של העיר ${city}`;
      // On the lead's facts (why it is hers), and on the timeline's assignment.
      await expect(page.getByText(reason, { exact: true }).first()).toBeVisible();
      // Said of her in the feminine.
      await expect(page.getByText('למה אצלה', { exact: true })).toBeVisible();
      // Not contacted yet: the deadline of the branch's response target is in view.
      await expect(page.getByText(/^(להתקשר עד|זמן המענה עבר) .*\d\d:\d\d/)).toBeVisible();
      // A working page ends with a quiet line, not the public site's footer with the office's hours.
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'הצהרת נגישות' })).toBeVisible();
      await expect(footer).not.toContainText('שעות פעילות');
      await checkA11y({ allImpacts: true });
      await shot('the lead with its reason');
    });
  });
}
