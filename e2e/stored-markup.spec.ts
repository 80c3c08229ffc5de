import type { Page } from '@playwright/test';
import { ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import { asAdmin, mailMatching } from './alerts-helpers';
import { createProperty } from './data';
import { expect, test } from './fixtures';
import { createPerson, DESKTOP, hebrewTag, signInAsPerson } from './people';

// Issue 41 item 10: markup and script stored in every free-text field of the pipeline and the alerts are shown
// as text on every screen that shows them and in the mails, and never run.

const IMG = `<img src=x onerror="window.__xss=1">`;
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const ALL = `${IMG} ${SCRIPT} ${SVG}`;

const mobile = () => `054${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;

/** The text is on the page as typed, no element came out of it, and nothing it holds has run. */
async function shownAsText(page: Page, texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await expect(page.locator('img[src="x"], svg[onload], img[onerror]')).toHaveCount(0);
  await expect(page.locator('script').filter({ hasText: 'window.__xss' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
}

test('markup stored in leads, activities, deals, saved searches and alerts shows as text on every screen and mail', async ({
  page,
  request,
  shot,
  signInAs,
}) => {
  test.setTimeout(180_000);
  await asAdmin(request);
  const agent = await createPerson(request, 'agent');
  const tag = hebrewTag();
  // A price no other test's search asks for: the matching buyers of this property are this test's.
  const price = 7_000_000 + Math.floor(Math.random() * 900) * 1000;
  const address = `הנרקיס ${tag} 5`;
  const propertyId = await createProperty(request, { address, agent: agent.id, rooms: 4, size: 100, price });

  // A visitor's inquiry about the property: a lead of the listing agent, mailed to the agent.
  const visitorName = `פונה ${tag} ${SVG}`;
  const inquiry = await page.request.post(`/api/v1/property/${propertyId}/inquiry`, {
    data: { name: visitorName, phone: mobile(), message: `שאלה ${tag}: ${ALL}` },
  });
  expect(inquiry.status(), await inquiry.text()).toBe(201);

  // A phone-only alerts subscriber whose search matches the property, and a second search with markup in its
  // text fields.
  const subscriberName = `מנוי ${tag} ${IMG}`;
  const subscribed = await page.request.post('/api/v1/alerts/subscribe', {
    data: {
      name: subscriberName,
      phone: mobile(),
      consent: true,
      consentText: ALERTS_CONSENT_TEXT,
      search: { type: 'sale', city: 'חיפה', minPrice: price - 1000, maxPrice: price + 1000 },
    },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const token = (await subscribed.json()).data.token as string;
  const street = `רחוב ${SCRIPT}`;
  const search = await page.request.post(`/api/v1/alerts/me/${token}/searches`, {
    data: { filters: { type: 'rent', city: `עיר ${IMG}`, street } },
  });
  expect(search.status(), await search.text()).toBe(201);

  // The agent's own lead, with a note on an activity and on a deal.
  await signInAsPerson(page, agent);
  const leadName = `קונה ${tag} ${IMG}`;
  const leadMessage = `הודעה ${tag}: ${ALL}`;
  const created = await page.request.post('/api/v1/pipeline/leads', {
    data: { name: leadName, phone: mobile(), category: 'קונה', message: leadMessage, propertyId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const leadId = (await created.json()).data.lead._id as string;
  const activityNote = `שיחה ${tag}: ${ALL}`;
  const activity = await page.request.post(`/api/v1/pipeline/leads/${leadId}/activities`, {
    data: { kind: 'call', note: activityNote },
  });
  expect(activity.status(), await activity.text()).toBe(201);
  const dealNote = `עסקה ${tag}: ${ALL}`;
  const deal = await page.request.post(`/api/v1/pipeline/leads/${leadId}/activities`, {
    data: { kind: 'deal', noOrderReason: 'נחתם בנייר', note: dealNote, price: 1_900_000, commission: 38_000 },
  });
  expect(deal.status(), await deal.text()).toBe(201);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/Leads/${leadId}`);
  await shownAsText(page, [leadName, leadMessage, activityNote, dealNote]);
  await shot('lead page');

  await page.goto('/Leads?view=table');
  await shownAsText(page, [leadName, visitorName]);
  await shot('leads table');

  await page.goto('/Leads');
  await shownAsText(page, [leadName, visitorName]);
  await shot('leads board');

  await page.goto('/MyDay');
  await shownAsText(page, [visitorName]);
  await shot('my day');

  // The subscriber searched Haifa, so the Haifa branch has the buyer: the network CEO reads every branch's
  // buyers on the property's matches (the listing's own agent, at the head office, sees the search, not the name).
  await signInAs('network');
  await page.goto(`/PropertyView/${propertyId}`);
  await shownAsText(page, [subscriberName]);
  await shot('matching buyers');

  // The subscriber's private page, as the subscriber (no session).
  await page.context().clearCookies();
  await page.goto(`/MyAlerts/${token}`);
  await shownAsText(page, [street]);
  await shot('my alerts');

  // The mail of the inquiry to the listing agent (plain text): the markup as typed.
  const mail = await mailMatching(agent.email, new RegExp(`שאלה ${tag}`));
  expect(mail.text).toContain(`שאלה ${tag}: ${ALL}`);
  expect(mail.text).toContain(visitorName);

  // A subscriber by mail: the confirmation mail's HTML carries the name escaped, its text as typed.
  const email = `markup-${tag.length}${Date.now()}@example.com`;
  const mailName = `מנויה ${tag} ${IMG} ${SVG}`;
  const byMail = await page.request.post('/api/v1/alerts/subscribe', {
    data: { name: mailName, email, consent: true, consentText: ALERTS_CONSENT_TEXT },
  });
  expect(byMail.status(), await byMail.text()).toBe(202);
  const confirmation = await mailMatching(email, new RegExp(`שלום מנויה ${tag}`));
  expect(confirmation.text).toContain(mailName);
  expect(confirmation.html).toContain(`שלום מנויה ${tag} &lt;img src=x onerror=`);
  expect(confirmation.html).not.toContain('<img src=x');
  expect(confirmation.html).not.toContain('<script>window');
  expect(confirmation.html).not.toContain('<svg');
});
