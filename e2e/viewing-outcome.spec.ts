import type { APIRequestContext } from '@playwright/test';
import { createProperty, unique } from './data';
import { expect, expectToast, test } from './fixtures';
import { createPerson, PHONE, settled, sidewaysOverflow, signInAsPerson } from './people';

// After a viewing (issue 35, docs/viewings.md "Recorded by staff" and "After the viewing"), on a 390 px phone:
// an agent records on her lead a viewing she arranged by phone an hour ago, marks it done with interest 4 and a
// line of notes; her buyer tours of that day rise by exactly one (logged for her, with no typing), and the
// seller's report shows the feedback without the visitor's details. The test's own agent, property and lead.

test.use({ viewport: PHONE });

/** Israel wall-clock time of an instant as a datetime-local control takes it, and its date. */
function israelLocal(at: Date) {
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Jerusalem',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { local: text.replace(' ', 'T'), date: text.slice(0, 10) };
}

/** The agent's buyer tours on one Israel date, from her daily entries. */
async function toursOn(request: APIRequestContext, agentId: string, date: string) {
  const res = await request.post('/api/v1/indicators/getIndicatorsByAgent', { data: { id: agentId } });
  expect(res.status(), await res.text()).toBe(200);
  const rows = (await res.json()).data.indicators as { createdAt: string; buyerTours: number }[];
  return rows
    .filter((r) => israelLocal(new Date(r.createdAt)).date === date)
    .reduce((sum, r) => sum + r.buyerTours, 0);
}

test('an agent records a viewing arranged by phone, marks it done, and the seller report shows the feedback', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  const tag = unique();
  const address = `הדקל ${tag}`;
  const note = `אהבו את המרפסת ${tag}`;
  const hourAgo = israelLocal(new Date(Date.now() - 60 * 60_000));

  // The office: an agent of her own with a property in Haifa.
  await signInAs('network');
  const agent = await createPerson(page.request, 'agent');
  await createProperty(page.request, { address, city: 'חיפה', agent: agent.id });

  // The agent's own lead (a buyer who called) and the seller's report link for the property.
  await signInAsPerson(page, agent);
  const created = await page.request.post('/api/v1/pipeline/leads', {
    data: { name: `קונה בטלפון ${tag}`, phone: `054${String(Date.now()).slice(-7)}`, category: 'קונה' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const leadId = (await created.json()).data.lead._id as string;
  const share = await page.request.post('/api/v1/reportContact/shares', {
    data: { agentId: agent.id, address, from: hourAgo.date, to: hourAgo.date },
  });
  expect(share.status(), await share.text()).toBe(201);
  const sellerLink = new URL((await share.json()).data.url as string).pathname;
  expect(await toursOn(page.request, agent.id, hourAgo.date)).toBe(0);

  // On the lead page: the viewing recorded an hour back, by its property, date and time.
  await page.goto(`/Leads/${leadId}`);
  await settled(page);
  const section = page.getByRole('region', { name: /ביקורים בנכסים/ });
  await section.getByRole('button', { name: 'רישום ביקור' }).click();
  const form = page.getByRole('form', { name: 'רישום ביקור שנקבע בטלפון' });
  await form.getByLabel('נכס').selectOption({ label: `${address}, חיפה` });
  await form.getByLabel('תאריך ושעה').fill(hourAgo.local);
  await form.getByRole('button', { name: 'שמירת הביקור' }).click();
  await expectToast(page, 'הביקור נרשם');
  const viewing = section.getByRole('listitem').filter({ hasText: address });
  await expect(viewing).toContainText('נקבע');
  expect(await sidewaysOverflow(page)).toBe(0);
  await checkA11y({ allImpacts: true });
  await shot('viewing recorded on the lead page');

  // It took place: interest 4 and a line of notes.
  await viewing.getByRole('radio', { name: 'התקיים' }).check();
  await viewing.getByRole('radio', { name: /^4 · / }).check();
  await viewing.getByLabel(/^הערה קצרה/).fill(note);
  await viewing.getByRole('button', { name: 'שמירה' }).click();
  await expectToast(page, 'נשמר. הביקור נרשם בפעילות של הליד');
  await expect(viewing).toContainText('הביקור התקיים · עניין 4 מתוך 5');
  await checkA11y({ allImpacts: true });
  await shot('viewing outcome saved');

  // The tour is logged for her on the viewing's day: exactly one more, with no typing.
  await expect.poll(() => toursOn(page.request, agent.id, hourAgo.date)).toBe(1);

  // The seller's report, signed out: the feedback, its interest and notes, and nothing about the visitor.
  await page.context().clearCookies();
  await page.goto(sellerLink);
  const feedback = page.getByRole('region', { name: /משוב מביקורים בנכס/ });
  await expect(feedback).toContainText('ביקור אחד');
  await expect(feedback).toContainText('4 מתוך 5');
  await expect(feedback).toContainText(note);
  await expect(page.getByText(`קונה בטלפון ${tag}`)).toHaveCount(0);
  expect(await sidewaysOverflow(page)).toBe(0);
  await checkA11y({ allImpacts: true });
  await shot('seller report with the feedback');
});
