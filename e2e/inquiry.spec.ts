import type { Page } from '@playwright/test';
import { createProperty, unique } from './data';
import { expect, expectToast, test } from './fixtures';
import { mailsTo } from './mail-catcher';
import { createPerson, signInAsPerson } from './people';

const PHONE = { width: 390, height: 844 };

/** A fresh sale property handled by this agent, created through the admin API (admin cookie). */
async function propertyOf(page: Page, agentId: string, address: string) {
  return createProperty(page.request, {
    city: 'חיפה',
    address,
    price: 2_150_000,
    rooms: 4,
    size: 105,
    floor: '3',
    agent: agentId,
  });
}

test('at phone width a visitor inquires through the sticky bar; the agent gets the mail and sees it', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  const address = `הדקל ${unique()}`;
  const name = `פונה ${unique()}`;
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  const id = await propertyOf(page, agent.id, address);
  // The office's address, in copy of every inquiry about an agent's property (the agency settings).
  const office = (await (await page.request.get('/api/v1/settings')).json()).data.settings.email as string;
  await page.context().clearCookies();

  await page.setViewportSize(PHONE);
  await page.goto(`/PropertyView/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(address) })).toBeVisible();
  // Price, city, rooms, size and floor are in the first screen.
  const facts = page.getByRole('region', { name: 'עיקרי הנכס' });
  await expect(facts).toContainText('2,150,000');
  await expect(facts).toContainText('חיפה');
  await expect(facts).toContainText('4 חדרים');
  await expect(facts).toContainText('105 מ"ר');
  await expect(facts).toContainText('קומה 3');
  const box = (await facts.boundingBox())!;
  expect(box.y + box.height).toBeLessThan(PHONE.height);
  const bar = page.getByRole('navigation', { name: 'יצירת קשר מהירה' });
  await expect(bar).toBeInViewport();
  await shot('property page phone first screen');
  await checkA11y({ allImpacts: true });

  // Tap 1: inquire (the form's name field takes focus); then the two fields; tap 3: send.
  await bar.getByRole('button', { name: 'השארת פרטים' }).click();
  const form = page.getByRole('region', { name: 'מתעניינים בנכס?' });
  await expect(form.getByLabel('שם')).toBeFocused();
  await form.getByRole('button', { name: 'שליחת פנייה' }).click();
  await expect(form.getByText('יש להזין שם')).toBeVisible();
  await form.getByLabel('שם').fill(name);
  await form.getByLabel('טלפון נייד').fill('054-333-2211');
  await form.getByLabel('הודעה (לא חובה)').fill('אפשר לבקר ביום שלישי?');
  await form.getByRole('button', { name: 'שליחת פנייה' }).click();
  await expectToast(page, 'הפנייה נשלחה! הסוכן יחזור אליכם בהקדם.');
  await expect(form.getByRole('button', { name: 'הפנייה נשלחה' })).toBeDisabled();
  await shot('inquiry sent');

  // The outbox delivers it through the real SMTP server to the agent, with the office in copy: the agent is
  // the test's own, so this inquiry is the one mail to their address.
  await expect.poll(() => mailsTo(agent.email).length, { timeout: 30_000 }).toBe(1);
  const mail = mailsTo(agent.email)[0]!;
  expect(mail.headerTo).toContain(agent.email);
  expect(mail.headerCc).toContain(office);
  expect(mail.text).toContain(name);
  expect(mail.text).toContain('054-333-2211');
  expect(mail.text).toContain(`/PropertyView/${id}`);

  // The agent signs in and finds it among the inquiries about their properties.
  // The inquiries are leads now: /Inquiries opens the pipeline, where the agent finds it as a new lead.
  await signInAsPerson(page, agent);
  await page.goto('/Inquiries');
  await expect(page).toHaveURL(/\/Leads$/);
  const card = page.getByRole('listitem', { name: /^חדש \(/ }).getByRole('article', { name: name });
  await expect(card).toContainText(address);
  await card.getByRole('link', { name, exact: true }).click();
  await expect(page.getByText('אפשר לבקר ביום שלישי?')).toBeVisible();
  await shot('agent inquiries phone');
  await checkA11y({ allImpacts: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await checkA11y({ allImpacts: true });

  // The admin sees it in the leads inbox with its agent, and filters by that property.
  await signInAs('admin');
  await page.goto('/Leads?view=mail');
  await page.getByLabel('סינון לפי נכס').selectOption({ label: `${address}, חיפה` });
  const adminRow = page.getByRole('row', { name: new RegExp(name) });
  await expect(adminRow).toContainText(agent.name);
  await expect(adminRow).toContainText('נשלח');
  await expect(page.getByRole('heading', { name: 'פניות על נכסים (1)' })).toBeVisible();
  await shot('admin inquiries filtered');
});

test('the property page at desktop width: inquiry form beside the agent, sharing, axe at all impacts', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const address = `השקד ${unique()}`;
  const agent = await createPerson(page.request, 'agent');
  const id = await propertyOf(page, agent.id, address);
  await page.context().clearCookies();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/PropertyView/${id}`);
  await expect(page.getByRole('navigation', { name: 'יצירת קשר מהירה' })).toBeHidden();
  // The property's agent is the one the test made.
  await expect(page.getByTestId('agent-name')).toHaveText(agent.name);
  const share = page.getByRole('group', { name: 'שיתוף הנכס' });
  const whatsapp = share.getByRole('link', { name: 'שיתוף בוואטסאפ' });
  const href = decodeURIComponent((await whatsapp.getAttribute('href'))!);
  expect(href).toContain(`דירה ב${address}, חיפה`);
  expect(href).toContain(`/PropertyView/${id}`);
  await share.getByRole('button', { name: 'העתקת קישור' }).click();
  await expectToast(page, 'הקישור הועתק');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/PropertyView/${id}`);
  await shot('property page desktop');
  await checkA11y({ allImpacts: true });
});
