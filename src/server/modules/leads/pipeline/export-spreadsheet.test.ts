import { beforeAll, describe, expect, it } from 'vitest';
import { read, utils } from 'xlsx';
import { createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The leads export as a spreadsheet reads it (SheetJS infers types and formulas from CSV the way Excel does):
// nothing a person typed becomes a formula or a number, and phones keep their leading zero.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

describe('GET /pipeline/export in a spreadsheet', () => {
  it('keeps every typed text as text, with phones written as 052-765-4321', async () => {
    const user = await createUser(app.db);
    const cookie = await sessionCookieFor(app.db, user.id);
    const typed = [
      { name: '=HYPERLINK("https://evil.example","פתחו")', phone: '+972 52 765 4321', message: '1E5' },
      { name: '-2+3', phone: '0527654322', message: '@SUM(A1:A9)' },
      { name: '+972521234567', phone: '972-52-765-4323', message: '2.5e-3' },
    ];
    for (const lead of typed) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/pipeline/leads',
        headers: { cookie },
        payload: { ...lead, category: 'קונה' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const csv = await app.inject({ url: '/api/v1/pipeline/export', headers: { cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    // The BOM tells Excel the file is UTF-8 (and is not part of the first cell).
    const sheet = read(csv.body.slice(1), { type: 'string' }).Sheets.Sheet1!;
    const rows = utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: true });
    expect(rows).toHaveLength(3);

    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!'));
    expect(cells.filter(([, cell]) => (cell as { f?: string }).f)).toEqual([]);
    const header = utils.sheet_to_json<string[]>(sheet, { header: 1 })[0]!;
    const column = (title: string) => rows.map((row) => row[title]);
    expect(header.slice(0, 2)).toEqual(['שם', 'טלפון']);
    expect(column('טלפון').sort()).toEqual(['052-765-4321', '052-765-4322', '052-765-4323']);
    for (const title of ['שם', 'טלפון', 'הודעה'])
      for (const value of column(title)) expect(typeof value, `${title}: ${String(value)}`).toBe('string');
    expect(column('שם')).toContain('\'=HYPERLINK("https://evil.example","פתחו")');
    expect(column('הודעה')).toEqual(expect.arrayContaining(["'1E5", "'@SUM(A1:A9)", "'2.5e-3"]));
  });
});
