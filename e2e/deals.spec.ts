import { parse } from 'csv-parse/sync';
import { unique } from './data';
import { expect, expectToast, test } from './fixtures';
import { DESKTOP, hebrewTag, type Person, PHONE, settled, sidewaysOverflow, signInAsPerson } from './people';

// The money (issue 36, docs/money.md): two agents of a branch share a deal logged on the lead page; each sees
// the deal with her or his own share on "העסקאות שלי"; the branch manager's "עסקאות ועמלות" shows both shares and
// a totals row equal to the sum of the agents' statements; the CSV of the same view opens with its Hebrew intact.
// The test's own branch, people and fee plan (a branch's first plan may start at any date), at phone and desktop
// width, axe clean at all impacts.

const mobile = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** Agorot as the pages write them: '₪ 12,345.67' in he-IL (the sign's side and spaces as Intl puts them). */
const shekels = (agorot: number) =>
  new Intl.NumberFormat('he-IL', { style: 'currency', currency: 'ILS', minimumFractionDigits: 2 }).format(
    agorot / 100,
  );

type Share = { agentId: string; amount: number | null };
type DealRow = {
  dealId: string;
  contactName: string;
  shares: Share[];
  fee: number;
  branchShare: number | null;
};

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`deals and commission at ${size} width`, () => {
    test.use({ viewport });

    test('two agents share a deal: each sees her share, the manager the sum', async ({
      page,
      signInAs,
      shot,
      checkA11y,
    }) => {
      const tag = unique();
      const contactName = `לקוחה ${hebrewTag()}`;

      // The network CEO opens a branch with two agents and its manager, and sets its fee plan.
      await signInAs('network');
      const made = await page.request.post('/api/v1/branches', {
        data: { name: `סניף עסקאות ${hebrewTag()}`, slug: `deals-${tag}` },
      });
      expect(made.status(), await made.text()).toBe(201);
      const branchId = (await made.json()).data.branch._id as string;
      const newPerson = async (role: 'agent' | 'admin', name: string, gender: 'male' | 'female') => {
        const person = {
          name,
          email: `deals-${role}-${unique()}@example.com`,
          password: `harbor-lamp-${Math.random().toString(36).slice(2, 10)}`,
        };
        const res = await page.request.post('/api/v1/users', {
          data: {
            ...person,
            phone_number: '052-555-0000',
            role,
            gender,
            companyRole: '',
            branchId,
            ...(role === 'admin' ? { networkAccess: false } : {}),
          },
        });
        expect(res.status(), await res.text()).toBe(201);
        return { ...person, id: (await res.json()).data.user._id as string } satisfies Person;
      };
      const main = await newPerson('agent', `סוכנת ${hebrewTag()}`, 'female');
      const second = await newPerson('agent', `סוכן ${hebrewTag()}`, 'male');
      const manager = await newPerson('admin', `מנהלת ${hebrewTag()}`, 'female');
      const plan = await page.request.post(`/api/v1/branches/${branchId}/fee-plans`, {
        data: {
          effectiveFrom: '2024-01-01',
          royaltyBp: 600,
          royaltyCapAgorot: null,
          monthlyFeeAgorot: 0,
          split: { kind: 'fixed', agentBp: 5000 },
        },
      });
      expect(plan.status(), await plan.text()).toBe(201);
      const lead = await page.request.post('/api/v1/pipeline/leads', {
        data: { name: contactName, phone: mobile(), category: 'מוכר', ownerId: main.id },
      });
      expect(lead.status(), await lead.text()).toBe(201);
      const leadId = (await lead.json()).data.lead._id as string;

      // The main agent logs the deal on the lead page, with the second agent's part of the commission.
      await signInAsPerson(page, main);
      await page.goto(`/Leads/${leadId}`);
      await settled(page);
      await page.getByRole('button', { name: 'עסקה', exact: true }).click();
      const form = page.getByRole('form', { name: 'רישום עסקה' });
      await form.getByLabel('מחיר העסקה (₪)').fill('2000000');
      // The fee per side (the seller's here), typed before VAT.
      await form.getByLabel('עמלה מצד המוכר או המשכיר (₪)').fill('40000');
      await form.getByLabel('סוכן שני (לא חובה)').selectOption({ label: second.name });
      await form.getByLabel('חלקו של הסוכן השני בעמלה (₪)').fill('10000');
      await form.getByRole('button', { name: 'רישום', exact: true }).click();
      // The lead has no signed brokerage order: the form asks why (decision 0055), and the deal is logged with it.
      await form.getByLabel('למה העסקה נרשמת ללא הזמנת תיווך חתומה').fill('הלקוח חתם על הזמנה בנייר');
      await form.getByRole('button', { name: 'רישום', exact: true }).click();
      await expectToast(page, 'נרשם: עסקה');

      // What the server holds: the deal, and each agent's share in her or his own list.
      const mineOf = async (person: Person) => {
        await signInAsPerson(page, person);
        const res = await page.request.get('/api/v1/deals');
        expect(res.status(), await res.text()).toBe(200);
        const rows = (await res.json()).data.deals as DealRow[];
        const row = rows.find((r) => r.contactName === contactName);
        expect(row, `${person.name} sees the deal`).toBeDefined();
        expect(row!.shares).toHaveLength(1);
        expect(row!.shares[0]!.agentId).toBe(person.id);
        expect(row!.shares[0]!.amount).toBeGreaterThan(0);
        return row!.shares[0]!.amount!;
      };
      const secondShare = await mineOf(second);
      const mainShare = await mineOf(main);
      // The main agent's part of the commission is three times the second's, and so is her share.
      expect(mainShare).toBe(secondShare * 3);

      // "העסקאות שלי": her deal with her share, and her year's gross against the plan.
      await page.goto('/MyDeals');
      await settled(page);
      const dealsList = page.getByRole('region', { name: 'רשימת העסקאות' });
      const myRow = dealsList.getByRole('row').filter({ hasText: contactName });
      await expect(myRow).toContainText(shekels(mainShare));
      await expect(page.getByText(/^מחזור העמלות שלי השנה/)).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      // Her month's statement: the deal with her share, and the sentence that sums it.
      const myStatement = page.getByRole('region', { name: 'הדוח החודשי שלי' });
      await expect(myStatement.getByRole('row').filter({ hasText: contactName })).toContainText(
        shekels(mainShare),
      );
      await expect(myStatement).toContainText(`החלק של ${main.name} החודש: ${shekels(mainShare)}`);
      await checkA11y({ allImpacts: true });
      await shot('my deals (main agent)');

      await signInAsPerson(page, second);
      await page.goto('/MyDeals');
      await settled(page);
      await expect(dealsList.getByRole('row').filter({ hasText: contactName })).toContainText(
        shekels(secondShare),
      );

      // The branch manager: both shares on the deal's row, the totals row equal to their sum.
      await signInAsPerson(page, manager);
      await page.goto('/Deals');
      await settled(page);
      const managerRow = dealsList.getByRole('row').filter({ hasText: contactName });
      await expect(managerRow).toContainText(`${main.name}: ${shekels(mainShare)}`);
      await expect(managerRow).toContainText(`${second.name}: ${shekels(secondShare)}`);
      const totals = dealsList.getByRole('row').filter({ hasText: 'סה"כ' });
      await expect(totals).toContainText(shekels(mainShare + secondShare));
      await expect(dealsList.getByText('עסקה אחת', { exact: true })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      // The branch's month statement (her own branch by default): each agent's total, and their sum.
      const statement = page.getByRole('region', { name: 'דוח עמלות חודשי' });
      const agentsTable = statement.getByRole('table').first();
      await expect(agentsTable.getByRole('row').filter({ hasText: main.name })).toContainText(
        shekels(mainShare),
      );
      await expect(agentsTable.getByRole('row').filter({ hasText: second.name })).toContainText(
        shekels(secondShare),
      );
      await expect(agentsTable.getByRole('row').filter({ hasText: 'סה"כ' })).toContainText(
        shekels(mainShare + secondShare),
      );
      const pdfHref = await statement
        .getByRole('link', { name: 'הורדת הדוח החודשי כקובץ PDF' })
        .getAttribute('href');
      const pdf = await page.request.get(pdfHref!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await checkA11y({ allImpacts: true });
      await shot('branch deals (manager)');

      // The CSV behind the page's link: a BOM, Hebrew headers and names intact, amounts as numbers.
      const href = await page.getByRole('link', { name: 'הורדה כקובץ CSV' }).getAttribute('href');
      const csv = await page.request.get(href!);
      expect(csv.status()).toBe(200);
      const bytes = await csv.body();
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const records = parse(bytes.subarray(3).toString('utf8'), { columns: true }) as Record<
        string,
        string
      >[];
      const ours = records.find((r) => r['לקוח'] === contactName);
      expect(ours, 'the deal is in the CSV').toBeDefined();
      expect(ours!['סוכנים']).toBe(`${main.name}, ${second.name}`);
      expect(Number(ours!['חלק הסוכנים (₪)'])).toBe((mainShare + secondShare) / 100);
      expect(Number(ours!['עמלה לפני מע"מ (₪)'])).toBe(40_000);
      const total = records.at(-1)!;
      expect(total['תאריך חתימה']).toBe('סה"כ');
      expect(Number(total['חלק הסוכנים (₪)'])).toBe((mainShare + secondShare) / 100);
    });
  });
}
