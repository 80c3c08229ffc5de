import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { mailMatching } from './alerts-helpers';
import { expect, test } from './fixtures';
import { PHONE, settled } from './people';

// Issue 34's journey on a 390 px phone: an agent issues a brokerage order from a lead and sends it; the client
// opens the link in a browser of their own, reads to the end, draws a signature, ticks consent and signs; the
// agent then sees the order signed. Every page on the way is checked with axe at all impacts.

test('an agent sends a brokerage order from a lead and the client signs it on their phone', async ({
  page,
  browser,
  signInAs,
  shot,
  checkA11y,
}) => {
  await page.setViewportSize(PHONE);
  await signInAs('agent');
  const name = `דנה ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/v1/pipeline/leads', {
    data: { name, phone: `054${String(Date.now()).slice(-7)}`, category: 'קונה' },
  });
  expect(created.status()).toBe(201);
  const leadId = (await created.json()).data.lead._id as string;

  await page.goto(`/Leads/${leadId}`);
  await settled(page);
  const section = page.getByTestId('orders-section');
  await expect(section.getByText('עדיין אין הזמנות')).toBeVisible();
  await section.getByRole('button', { name: 'הזמנה חדשה' }).click();
  const form = page.getByTestId('order-form');
  await expect(form.getByLabel('שם הלקוח')).toHaveValue(name);
  // A wrong check digit is refused on its field, before anything is sent.
  await form.getByLabel('מספר זהות').fill('123456789');
  const clientEmail = `client-${Date.now()}@example.com`;
  await form.getByLabel('מייל (לא חובה)').fill(clientEmail);
  await form.getByLabel('כתובת הלקוח').fill('הנביאים 5, חיפה');
  await form.getByLabel('כתובת נכס נוסף').fill('מוריה 10, חיפה');
  await form.getByRole('button', { name: 'הוספה' }).click();
  await form.getByLabel('מחיר משוער (₪)').fill('1500000');
  await form.getByLabel('גובה דמי התיווך').fill('2');
  await form.getByRole('button', { name: 'יצירה ושליחה ללקוח' }).click();
  await expect(form.getByText('מספר הזהות אינו תקין (ספרת הביקורת אינה מתאימה)')).toBeVisible();
  await form.getByLabel('מספר זהות').fill('39337423');
  await shot('order form phone');
  await checkA11y({ allImpacts: true });
  await form.getByRole('button', { name: 'יצירה ושליחה ללקוח' }).click();

  const sendStep = page.getByTestId('order-send-step');
  await expect(sendStep).toBeVisible();
  await expect(sendStep.getByRole('link', { name: 'שליחה בוואטסאפ' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/972/,
  );
  await expect(sendStep.getByRole('img', { name: 'קוד QR לסריקה בטלפון של הלקוח' })).toBeVisible();
  const link = await sendStep.getByTestId('order-link').inputValue();
  expect(link).toMatch(/\/sign\/[A-Za-z0-9_-]{43}$/);
  await expect(section.getByTestId('order-status').first()).toHaveText('נשלחה');
  await shot('order sent phone');
  await checkA11y({ allImpacts: true });

  // The client, in a browser of their own (no cookie of the agent's).
  const client = await browser.newContext({ viewport: PHONE, hasTouch: false });
  const phone = await client.newPage();
  const opened = await phone.goto(new URL(link).pathname);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['cache-control']).toBe('no-store');
  expect(opened?.headers()['x-robots-tag']).toContain('noindex');
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('הזמנת שירותי תיווך');
  await expect(phone.getByText('תעודת זהות 039337423')).toBeVisible();
  await expect(phone.getByText('2% ממחיר העסקה, בתוספת מע״מ כחוק.', { exact: false })).toBeVisible();
  const sign = phone.getByRole('button', { name: 'חתימה על ההזמנה' });
  await expect(sign).toBeDisabled();
  const axe = await new AxeBuilder({ page: phone }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await phone.locator('#order-end').scrollIntoViewIfNeeded();
  await phone.getByRole('checkbox').check();
  // Consent alone is not enough: nothing is drawn yet.
  await expect(sign).toBeDisabled();
  const pad = phone.locator('#sign-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await phone.mouse.move(box.x + 30, box.y + 100);
  await phone.mouse.down();
  for (let i = 1; i <= 20; i++)
    await phone.mouse.move(box.x + 30 + i * 12, box.y + 100 - Math.sin(i / 3) * 50);
  await phone.mouse.up();
  await expect(sign).toBeEnabled();
  await phone.screenshot({
    path: `${process.env.E2E_RESULTS ?? 'test-results'}/screens/order signing phone.png`,
    fullPage: true,
  });
  await sign.click();
  await expect(phone.getByRole('heading', { name: 'ההזמנה נחתמה. תודה!' })).toBeVisible();

  // The link was single use.
  const again = await phone.goto(new URL(link).pathname);
  expect(again?.status()).toBe(410);
  await expect(phone.getByText('הקישור כבר שימש לחתימה ואינו תקף עוד.')).toBeVisible();
  await client.close();

  await page.reload();
  await settled(page);
  await expect(page.getByTestId('orders-section').getByTestId('order-status').first()).toHaveText('נחתמה');
  await shot('order signed phone');
  await checkA11y({ allImpacts: true });

  // The client's mail carries the signed PDF; the public verify page says it is ours and unchanged, and that the
  // same file with one byte changed was altered after signing.
  const signedMail = await mailMatching(clientEmail, /נחתמה/);
  expect(signedMail.pdfs).toHaveLength(1);
  const pdf = Buffer.from(signedMail.pdfs[0]!, 'base64');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Real text, read by poppler's pdftotext (scripts/ensure-pdf-tools.mjs): the words and numbers whole (the order
  // of runs mixing Hebrew and digits is poppler's own; the unit tests read it with the bidi algorithm).
  const words = pdfText(pdf);
  const clientTag = name.split(' ')[1]!;
  for (const piece of ['הזמנת שירותי תיווך', clientTag, '039337423', 'הנביאים', 'מוריה', '1,500,000', '2%'])
    expect(words).toContain(piece);
  expect(words.indexOf('הזמנת שירותי תיווך')).toBeLessThan(words.indexOf('039337423'));
  expect(words.indexOf('039337423')).toBeLessThan(words.indexOf('1,500,000'));
  const checker = await browser.newContext({ viewport: PHONE });
  const verify = await checker.newPage();
  const check = async (buffer: Buffer) => {
    await verify.goto('/verify-order');
    await verify.getByLabel('קובץ ההזמנה (PDF)').setInputFiles({
      name: 'order.pdf',
      mimeType: 'application/pdf',
      buffer,
    });
    await verify.getByRole('button', { name: 'בדיקת הקובץ' }).click();
  };
  await check(pdf);
  await expect(verify.getByRole('status')).toContainText('והוא לא שונה מאז החתימה');
  const verifiedAxe = await new AxeBuilder({ page: verify }).analyze();
  expect(verifiedAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await verify.screenshot({
    path: `${process.env.E2E_RESULTS ?? 'test-results'}/screens/order verified phone.png`,
  });
  const changed = Buffer.from(pdf);
  const at = Math.floor(changed.length / 2);
  changed[at] = changed[at]! ^ 0x01;
  await check(changed);
  await expect(verify.getByRole('alert')).toContainText('הקובץ שונה אחרי החתימה');
  await checker.close();

  // A correction: a new order filled in as the signed one was, naming it; the signed one stays signed.
  const orders = page.getByTestId('orders-section');
  await orders.getByRole('button', { name: /^תיקון ההזמנה של / }).click();
  const correction = orders.getByTestId('order-form');
  await expect(correction.getByTestId('order-correction-note')).toContainText('ההזמנה שנחתמה לא משתנה');
  await expect(correction.getByLabel('שם הלקוח')).toBeFocused();
  await expect(correction.getByLabel('מספר זהות')).toHaveValue('039337423');
  await correction.getByLabel('גובה דמי התיווך').fill('1.5');
  await checkA11y({ allImpacts: true });
  await correction.getByRole('button', { name: 'יצירה ושליחה ללקוח' }).click();
  await expect(orders.getByRole('heading', { name: 'שליחה לחתימה' })).toBeVisible();
  await orders.getByRole('button', { name: 'סיום' }).click();
  const items = orders.getByTestId('order-item');
  await expect(items).toHaveCount(2);
  await expect(orders.getByText('הזמנה מתקנת')).toBeVisible();
  await expect(orders.getByTestId('order-status')).toHaveText(['נשלחה', 'נחתמה']);
  await shot('order correction phone');

  // An admin revokes it, with a reason (kept in the audit log).
  await signInAs('admin');
  await page.reload();
  await settled(page);
  const item = page.getByTestId('orders-section').getByTestId('order-item').last();
  await item.getByRole('button', { name: 'ביטול ההזמנה' }).click();
  await item.getByRole('button', { name: 'אישור הביטול' }).click();
  await expect(item.getByText('יש לכתוב את סיבת הביטול')).toBeVisible();
  await item.getByLabel('סיבת הביטול').fill('הלקוח ביקש לבטל');
  await checkA11y({ allImpacts: true });
  await item.getByRole('button', { name: 'אישור הביטול' }).click();
  await expect(item.getByTestId('order-status')).toHaveText('בוטלה');
});

/** pdftotext's reading of a PDF, without direction marks, its spaces as single spaces. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-order-'));
  try {
    writeFileSync(join(dir, 'order.pdf'), pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'order.pdf'), '-'], {
      encoding: 'utf8',
    });
    return text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
