import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, leads, mailOutbox } from '../../../db/schema';
import { createPagesApp } from '../../../pages/test-pages';
import { createProperty } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createPagesApp({ rateLimits: { formsPerIp: { max: 3, windowMs: 60_000 } } });
});

/** A native form post, as a browser without JavaScript sends it. */
const post = (url: string, fields: Record<string, string>, ip: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
  });

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'));

describe('the public forms posted without JavaScript', () => {
  it('a lead is stored and mailed, and the home page answers with the confirmation, never cached', async () => {
    const name = `ללא סקריפט ${Date.now()}`;
    const res = await post('/', { name, phone: '054-777-1212', category: 'קונה', website: '' }, '10.9.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(rootOf(res.body)).toMatch(/role="status"[^>]*>הפרטים נשלחו בהצלחה!/);
    const [row] = await app.db.select().from(leads).where(eq(leads.name, name));
    expect(row?.phone).toBe('054-777-1212');
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, row!.id));
    expect(mails).toHaveLength(1);
  });

  it('refused fields come back on their fields with the values as typed, and nothing is stored', async () => {
    const name = `שגוי ${Date.now()}`;
    const res = await post(
      '/JobNeedForm',
      { fullName: name, phone: '12', email: 'x', website: '' },
      '10.9.0.2',
    );
    expect(res.statusCode).toBe(400);
    const root = rootOf(res.body);
    expect(root).toContain('מספר הטלפון אינו תקין, נסה שוב.');
    expect(root).toContain('כתובת המייל אינה תקינה, נסה שוב.');
    expect(root).toMatch(new RegExp(`value="${name}"`));
    expect(root).toMatch(/aria-invalid="true"/);
    expect(await app.db.select().from(jobApplications).where(eq(jobApplications.fullName, name))).toEqual([]);
  });

  it('a job application is stored and confirmed', async () => {
    const fullName = `מועמד ${Date.now()}`;
    const res = await post(
      '/JobNeedForm',
      { fullName, phone: '052-111-3434', email: 'cand@example.com', website: '' },
      '10.9.0.3',
    );
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('הפרטים נשלחו בהצלחה!');
    const [row] = await app.db.select().from(jobApplications).where(eq(jobApplications.fullName, fullName));
    expect(row?.email).toBe('cand@example.com');
  });

  it("an inquiry goes to the property's lead list; a sold property answers 404 with its message", async () => {
    const property = await createProperty(app.db, { address: 'הפנייה 1' });
    const name = `פונה ${Date.now()}`;
    const res = await post(
      `/PropertyView/${property.id}`,
      { name, phone: '050-123-4567', message: 'שלום' },
      '10.9.0.4',
    );
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('הפנייה נשלחה! הסוכן יחזור אליכם בהקדם.');
    const [row] = await app.db.select().from(leads).orderBy(desc(leads.createdAt)).limit(1);
    expect([row?.name, row?.propertyId]).toEqual([name, property.id]);

    const sold = await createProperty(app.db, { address: 'הפנייה 2', sold: true });
    const gone = await post(`/PropertyView/${sold.id}`, { name, phone: '050-123-4567' }, '10.9.0.4');
    expect(gone.statusCode).toBe(404);
  });

  it('is limited per client like the JSON routes, with a Hebrew page', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post('/', { name: '', phone: '' }, '10.9.0.5')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const last = await post('/', { name: '', phone: '' }, '10.9.0.5');
    expect(rootOf(last.body)).toContain('יותר מדי ניסיונות');
  });

  it("takes the page's own native post (Origin null, same-origin fetch), not another site's", async () => {
    const own = await app.inject({
      method: 'POST',
      url: '/',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      },
      payload: 'name=&phone=',
      remoteAddress: '10.9.0.7',
    });
    expect(own.statusCode).toBe(400);
    for (const fetchSite of ['cross-site', 'same-site', undefined]) {
      const foreign = await app.inject({
        method: 'POST',
        url: '/',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'null',
          ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}),
        },
        payload: 'name=&phone=',
        remoteAddress: '10.9.0.8',
      });
      expect(foreign.statusCode, String(fetchSite)).toBe(403);
    }
  });

  it('refuses a form from another site', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'name=a&phone=0541234567&category=%D7%A7%D7%95%D7%A0%D7%94',
      remoteAddress: '10.9.0.6',
    });
    expect(res.statusCode).toBe(403);
  });
});
