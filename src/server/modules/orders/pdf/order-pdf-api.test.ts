import { randomUUID } from 'node:crypto';
import { ORDER_MESSAGES } from '@shared/domain/brokerage-order';
import { NOT_A_PDF_MESSAGE, PDF_MISSING_MESSAGE } from '@shared/schemas/order-verification';
import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, brokerageOrders, contacts, leads, mailOutbox } from '../../../db/schema';
import { createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { deliverDueMail } from '../../mail';
import { ORDER_KEYWORD } from './render-order-pdf';
import { pdfText } from './test-helpers';

// The signed order's PDF through the API, on both databases: rendered and stored in the signing, mailed to the
// client and the agent, downloaded by staff who may see the order, and verified by anyone, byte for byte.

let app: TestApp;
type Person = { id: string; cookie: string };
let agent: Person;
let otherBranchAgent: Person;
let admin: Person;
const ids = { haifa: '', lead: '' };
let inkPng = '';
const VERIFY_LIMIT = 12;

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

/** A multipart form with one file field, as a browser's file input sends it. */
function upload(url: string, bytes: Buffer, type = 'application/pdf') {
  const boundary = `----order-pdf-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="order.pdf"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    remoteAddress: '10.0.0.9',
  });
}

async function person(branchId: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

/** Issues an order from the lead, sends it and signs it through its link; the signed row. */
async function signedOrder(sign: object) {
  const created = await call('POST', '/orders', agent.cookie, {
    leadId: ids.lead,
    side: 'buyer',
    transactionKind: 'purchase',
    clientName: 'דנה כהן',
    clientIdNumber: '39337423',
    clientAddress: 'הנביאים 5, חיפה',
    clientPhone: '052-7654321',
    clientEmail: 'dana@example.com',
    properties: [{ address: 'מוריה 10, חיפה' }, { address: 'Herzl St. 22, Haifa' }],
    approxPrice: 1_500_000,
    feeKind: 'percent',
    feeValue: 2,
    vatIncluded: false,
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.order._id as string;
  const sent = await call('POST', `/orders/${id}/send`, agent.cookie);
  const token = new URL(sent.json().data.link as string).pathname.split('/').pop()!;
  const signed = await call('POST', `/sign/${token}`, undefined, { ...sign, consent: true });
  expect(signed.statusCode).toBe(200);
  const [row] = await app.db.select().from(brokerageOrders).where(eq(brokerageOrders.id, id));
  return row!;
}

let drawn: Awaited<ReturnType<typeof signedOrder>>;
let drawnPdf: Buffer;

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { orderVerifyPerIp: { max: VERIFY_LIMIT, windowMs: 60_000 } } });
  await app.ready();
  const [haifa, telAviv] = await app.db
    .insert(branches)
    .values([
      {
        name: 'חיפה',
        slug: 'haifa',
        city: 'חיפה',
        address: 'שדרות מוריה 50',
        legalEntity: 'נדל״ן חיפה בע״מ',
        brokers: [{ name: 'נועה ביטון', licenceNumber: '3023456' }],
      },
      { name: 'תל אביב', slug: 'tel-aviv', city: 'תל אביב-יפו' },
    ])
    .returning();
  ids.haifa = haifa!.id;
  agent = await person(ids.haifa, { name: 'סוכן חיפה', email: 'agent-haifa@example.com' });
  admin = await person(ids.haifa, { role: 'admin', networkAccess: false });
  otherBranchAgent = await person(telAviv!.id);
  const [contact] = await app.db
    .insert(contacts)
    .values({ name: 'דנה כהן', phone: '052-7654321', email: 'dana@example.com', branchId: ids.haifa })
    .returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'דנה כהן',
      phone: '052-7654321',
      category: 'קונה',
      ownerId: agent.id,
      branchId: ids.haifa,
    })
    .returning();
  ids.lead = lead!.id;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M10 60 C 60 10, 120 110, 290 50" stroke="#111" stroke-width="4" fill="none"/></svg>';
  inkPng = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
  drawn = await signedOrder({ method: 'drawn', signaturePng: inkPng });
  drawnPdf = (await app.storage.read(drawn.pdfStorageKey!))!;
});

describe('signing stores the PDF', () => {
  it('stores it privately with its SHA-256, and it is the signed text', async () => {
    expect(drawn.pdfStorageKey).toMatch(new RegExp(`^orders/${drawn.id}/order-.+\\.pdf$`));
    expect(drawn.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(drawnPdf).digest('hex')).toBe(drawn.pdfSha256);
    expect((await app.inject({ method: 'GET', url: `/uploads/${drawn.pdfStorageKey}` })).statusCode).toBe(
      404,
    );
    const text = pdfText(drawnPdf).replace(/[\u200e\u200f\u202a-\u202e]/g, '');
    for (const piece of [
      'הזמנת שירותי תיווך',
      'נועה ביטון',
      '3023456',
      '039337423',
      'Herzl St. 22, Haifa',
      drawn.id,
    ]) {
      expect(text).toContain(piece);
    }
    expect((await PDFDocument.load(drawnPdf)).getKeywords()).toBe(`${ORDER_KEYWORD} ${drawn.id}`);
  });

  it('prints a typed signature as the typed name', async () => {
    const typed = await signedOrder({ method: 'typed', typedName: 'דנה כהן' });
    const text = pdfText((await app.storage.read(typed.pdfStorageKey!))!).replace(
      /[\u200e\u200f\u202a-\u202e]/g,
      '',
    );
    expect(text).toContain('חתימה בהקלדת השם');
    expect(typed.pdfSha256).not.toBe(drawn.pdfSha256);
  });

  it('mails the PDF to the client and to the agent', async () => {
    const sent: { to: string; attachments?: { filename: string; content: Buffer; contentType: string }[] }[] =
      [];
    const transporter = {
      sendMail: async (mail: (typeof sent)[number]) => sent.push(mail),
    } as unknown as Transporter;
    while ((await deliverDueMail(app, transporter)) > 0);
    const ofOrder = sent.filter((mail) =>
      mail.attachments?.some((a) => a.filename === `order-${drawn.id}.pdf`),
    );
    expect(ofOrder.map((mail) => mail.to).sort()).toEqual(['agent-haifa@example.com', 'dana@example.com']);
    for (const mail of ofOrder) {
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments![0]!.contentType).toBe('application/pdf');
      expect(Buffer.compare(mail.attachments![0]!.content, drawnPdf)).toBe(0);
    }
    const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, drawn.id));
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });
});

describe('staff download the PDF', () => {
  it('gives it to the agent and the branch admin, never cached', async () => {
    for (const who of [agent, admin]) {
      const res = await call('GET', `/orders/${drawn.id}/pdf`, who.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="order-${drawn.id}.pdf"`);
      expect(Buffer.compare(res.rawPayload, drawnPdf)).toBe(0);
    }
  });

  it('refuses a visitor, and another branch does not find it', async () => {
    expect((await call('GET', `/orders/${drawn.id}/pdf`)).statusCode).toBe(401);
    const other = await call('GET', `/orders/${drawn.id}/pdf`, otherBranchAgent.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(ORDER_MESSAGES.notFound);
  });

  it('answers 404 for an order not signed yet', async () => {
    const created = await call('POST', '/orders', agent.cookie, {
      leadId: ids.lead,
      side: 'buyer',
      transactionKind: 'purchase',
      clientName: 'דנה כהן',
      clientIdNumber: '39337423',
      clientAddress: 'הנביאים 5, חיפה',
      clientPhone: '052-7654321',
      properties: [{ address: 'מוריה 10, חיפה' }],
      approxPrice: 1_500_000,
      feeKind: 'percent',
      feeValue: 2,
      vatIncluded: false,
    });
    const id = created.json().data.order._id as string;
    expect((await call('GET', `/orders/${id}/pdf`, agent.cookie)).statusCode).toBe(404);
  });
});

describe('anyone verifies a PDF', () => {
  it('accepts the signed file as issued, and refuses it with one byte changed', async () => {
    const ok = await upload('/api/v1/orders/verify', drawnPdf);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.verification).toMatchObject({
      verdict: 'issued',
      orderId: drawn.id,
      status: 'signed',
      sha256: drawn.pdfSha256,
    });
    // One byte inside the page content (past the header and the keywords): the file still parses, names the order.
    const changed = Buffer.from(drawnPdf);
    const at = Math.floor(changed.length / 2);
    changed[at] = changed[at]! ^ 0x01;
    const bad = await upload('/api/v1/orders/verify', changed);
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data.verification).toMatchObject({ verdict: 'altered', orderId: drawn.id });
  });

  it('says a PDF that is not ours is unknown', async () => {
    const other = await PDFDocument.create();
    other.addPage();
    other.setKeywords([ORDER_KEYWORD, randomUUID()]);
    const res = await upload('/api/v1/orders/verify', Buffer.from(await other.save()));
    expect(res.json().data.verification.verdict).toBe('unknown');
  });

  it('verifies a fingerprint, in either case', async () => {
    const ok = await call('GET', `/orders/verify/${drawn.pdfSha256!.toUpperCase()}`);
    expect(ok.json().data.verification).toMatchObject({ verdict: 'issued', orderId: drawn.id });
    const unknown = await call('GET', `/orders/verify/${'0'.repeat(64)}`);
    expect(unknown.json().data.verification.verdict).toBe('unknown');
    const short = await call('GET', `/orders/verify/${'0'.repeat(63)}`);
    expect(short.statusCode).toBe(400);
  });

  it('refuses a missing file or one that is not a PDF, in Hebrew', async () => {
    const notPdf = await upload('/api/v1/orders/verify', Buffer.from('hello'), 'text/plain');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({
      message: NOT_A_PDF_MESSAGE,
      fieldErrors: { pdf: NOT_A_PDF_MESSAGE },
    });
    const none = await app.inject({ method: 'POST', url: '/api/v1/orders/verify', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PDF_MISSING_MESSAGE);
  });

  it('has a page that says the same in Hebrew', async () => {
    const form = await app.inject({ method: 'GET', url: '/verify-order' });
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('no-store');
    expect(form.body).toContain('<html lang="he" dir="rtl">');
    expect(form.body).toContain('enctype="multipart/form-data"');
    const ok = await upload('/verify-order', drawnPdf);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('והוא לא שונה מאז החתימה');
    const notPdf = await upload('/verify-order', Buffer.from('hello'), 'text/plain');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.body).toContain(NOT_A_PDF_MESSAGE);
  });

  it('limits verifications per address, the page and the API together', async () => {
    // The tests above used some of this address's allowance; spend the rest, then one more is refused.
    let status = 200;
    for (let i = 0; i < VERIFY_LIMIT + 1 && status !== 429; i++) {
      status = (await upload('/api/v1/orders/verify', drawnPdf)).statusCode;
    }
    expect(status).toBe(429);
    const page = await upload('/verify-order', drawnPdf);
    expect(page.statusCode).toBe(429);
  });
});
