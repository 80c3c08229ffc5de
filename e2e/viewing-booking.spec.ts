import ICAL from 'ical.js';
import { createProperty, unique } from './data';
import { expect, test } from './fixtures';
import { mailsTo } from './mail-catcher';
import { createPerson, PHONE, settled, sidewaysOverflow, signInAsPerson } from './people';

// Booking a viewing from the property page (issue 35, docs/viewings.md), on a 390 px phone and by keyboard
// alone: the visitor picks the second free slot of an instant-booking property, gets the confirmation mail with
// a valid invitation (parsed with ical.js: Asia/Jerusalem, the address, the agent's phone, the slot's time);
// she signs the brokerage order the mail sends with it; the agent sees the viewing on /MyDay, its order signed; the visitor's link moves it to another slot (an updated invitation)
// and cancels it (a CANCEL). The test's own agent and property; axe clean at all impacts on every screen.

/** An invitation's method and its one event, as a calendar reads them. */
function invitation(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
  const event = new ICAL.Event(vevent);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
    start: event.startDate.toJSDate(),
    sequence: event.sequence,
    location: event.location,
    description: event.description,
  };
}

test.use({ viewport: PHONE });

test('a visitor books a viewing by keyboard, gets the invitation, moves and cancels it by the link', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  const tag = unique();
  const address = `הגפן ${tag}`;
  const visitorMail = `viewer-${tag}@example.com`;

  // The office: an agent of its own with viewing hours every day, and her property in instant mode.
  await signInAs('network');
  const agent = await createPerson(page.request, 'agent');
  const propertyId = await createProperty(page.request, { address, city: 'חיפה', agent: agent.id });
  const settings = await page.request.put(`/api/v1/property/${propertyId}/viewing-settings`, {
    data: { bookingMode: 'instant', capacity: 1, slotMinutes: 30 },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const hours = await page.request.put(`/api/v1/agents/${agent.id}/viewing-availability`, {
    data: { windows: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '08:00', to: '20:00' })) },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const slots = (await (await page.request.get(`/api/v1/property/${propertyId}/viewing-slots`)).json()).data
    .slots as { start: string }[];
  expect(slots.length).toBeGreaterThan(2);
  await page.context().clearCookies();

  // The visitor, by keyboard: the first slot is chosen; the arrow moves to the second; name, e-mail, mobile.
  await page.goto(`/PropertyView/${propertyId}`);
  const booking = page.getByRole('region', { name: 'קביעת ביקור בנכס' });
  await expect(booking.getByText('בחרו מועד פנוי, והביקור נקבע מיד.')).toBeVisible();
  const radios = booking.getByRole('radio');
  await expect(radios.first()).toBeChecked();
  await radios.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(radios.nth(1)).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(booking.getByLabel('שם')).toBeFocused();
  await page.keyboard.type('מבקרת בדיקה');
  await page.keyboard.press('Tab');
  await expect(booking.getByLabel('דוא"ל (לא חובה)')).toBeFocused();
  await page.keyboard.type(visitorMail);
  await page.keyboard.press('Tab');
  await expect(booking.getByLabel('טלפון נייד')).toBeFocused();
  await page.keyboard.type('054-777-1234');
  await booking.getByRole('button', { name: 'קביעת הביקור' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('הביקור נקבע. נתראה בנכס!').first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await checkA11y({ allImpacts: true });
  await shot('viewing booked');

  // The confirmation mail: the second slot, in Israel time, at the property, with the agent's phone and the link.
  await expect.poll(() => mailsTo(visitorMail).length, { timeout: 30_000 }).toBe(1);
  const booked = mailsTo(visitorMail)[0]!;
  expect(booked.text).toContain(address);
  const invite = invitation(booked.calendar);
  expect(invite.method).toBe('REQUEST');
  expect(invite.tzid).toBe('Asia/Jerusalem');
  expect(invite.start.toISOString()).toBe(new Date(slots[1]!.start).toISOString());
  expect(invite.location).toContain(address);
  expect(invite.description.replace(/-/g, '')).toContain('0525550000');
  const link = new URL(/https?:\/\/\S+\/viewing\/[A-Za-z0-9_-]+/.exec(booked.text)![0]).pathname;

  // The brokerage order sent with the confirmation: she signs it on her phone before the viewing, giving her
  // ID number and address and typing her name. A page of the server's own: loaded without the app's mark.
  const signLink = new URL(/https?:\/\/\S+\/sign\/[A-Za-z0-9_-]{43}/.exec(booked.text)![0]).pathname;
  await page.mainFrame().goto(signLink);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('הזמנת שירותי תיווך');
  await page.getByLabel('מספר תעודת זהות').fill('039337423');
  await page.getByLabel('כתובת מגורים').fill('הנביאים 5, חיפה');
  await page.getByLabel('הקלדת השם המלא').check();
  await page.getByLabel(/^השם המלא/).fill('מבקרת בדיקה');
  await page.getByRole('checkbox').check();
  await checkA11y({ allImpacts: true });
  await page.getByRole('button', { name: 'חתימה על ההזמנה' }).click();
  await expect(page.getByRole('heading', { name: 'ההזמנה נחתמה. תודה!' })).toBeVisible();
  await shot('order signed by the visitor');

  // The agent sees it on /MyDay, booked.
  await signInAsPerson(page, agent);
  await page.goto('/MyDay');
  await settled(page);
  const viewings = page.getByRole('region', { name: /^ביקורים בנכסים \(/ });
  await expect(viewings).toContainText(address);
  await expect(viewings).toContainText('נקבע');
  await expect(viewings).toContainText('הזמנת שירותי תיווך: נחתמה');
  await checkA11y({ allImpacts: true });
  await shot('agent my day with the viewing');
  await page.context().clearCookies();

  // The visitor's link: the viewing without anyone else's details; moved to the first other slot offered.
  // A page of the server's own, without the app's script: loaded without waiting for the app's ready mark.
  await page.mainFrame().goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'הביקור שלך בנכס' })).toBeVisible();
  await expect(page.getByText(`הנכס: ${address}, חיפה`)).toBeVisible();
  await expect(page.getByText('054-777-1234')).toHaveCount(0);
  await checkA11y({ allImpacts: true });
  await shot('visitor link page');
  const firstOther = page.getByRole('group', { name: 'בחירת מועד אחר' }).getByRole('radio').first();
  const movedTo = await firstOther.getAttribute('value');
  await page.getByRole('button', { name: 'העברה למועד שנבחר' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  // The mails with an invitation (the signed order's own mail, with its PDF, has none).
  const invitations = () => mailsTo(visitorMail).filter((m) => m.calendar);
  await expect.poll(() => invitations().length, { timeout: 30_000 }).toBe(2);
  const moved = invitation(invitations()[1]!.calendar);
  expect(moved.method).toBe('REQUEST');
  expect(moved.start.toISOString()).toBe(new Date(movedTo!).toISOString());
  expect(moved.sequence).toBeGreaterThan(invite.sequence);

  // Cancelled from the same link: the page says so and offers nothing more; the calendar gets a CANCEL.
  await page.getByRole('button', { name: 'ביטול הביקור' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ביטול הביקור' })).toHaveCount(0);
  await checkA11y({ allImpacts: true });
  await shot('visitor link page after cancelling');
  await expect.poll(() => invitations().length, { timeout: 30_000 }).toBe(3);
  expect(invitation(invitations()[2]!.calendar).method).toBe('CANCEL');
});
