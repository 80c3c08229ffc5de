import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, contacts, dealRecords, leadActivities, leadReferrals, leads } from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// Monthly statements and the network's royalties (docs/money.md), on both databases: an agent reads her own
// month, a branch manager her branch's agents and the branch, network admins any; the branch's totals are the
// sum of its agents' statements; every figure is the deal's own statement (computed in one batch); a cancelled
// deal leaves the figures; the CSV and the PDF say the same.

let app: TestApp;
type Person = { id: string; cookie: string };
const ids = { haifa: '', herzliya: '' };
let ceo: Person;
let haifaManager: Person;
let agentA: Person;
let agentB: Person;
let herzliyaAgent: Person;
const MONTH = '2026-10';
const deals = { march: '', shared: '', referred: '', solo: '', crossBranch: '' };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Person, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

async function person(branchId: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

let phoneCounter = 4_000_000;
async function leadIn(branchId: string, ownerId: string, name = 'פונה') {
  const phone = `052${phoneCounter++}`;
  const [contact] = await app.db.insert(contacts).values({ name, phone, branchId }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name,
      phone,
      category: 'קונה',
      ownerId,
      branchId,
      routingReason: 'ידני',
    })
    .returning();
  return lead!.id;
}

async function deal(d: {
  branchId: string;
  agentId: string;
  on: string;
  commission: number;
  second?: { id: string; commission: number };
  leadId?: string;
  name?: string;
}) {
  const leadId = d.leadId ?? (await leadIn(d.branchId, d.agentId, d.name));
  const [row] = await app.db
    .insert(leadActivities)
    .values({
      leadId,
      kind: 'deal',
      agentId: d.agentId,
      branchId: d.branchId,
      occurredAt: new Date(`${d.on}T10:00:00Z`),
      price: d.commission * 50,
      commission: d.commission,
      secondAgentId: d.second?.id ?? null,
      secondAgentCommission: d.second?.commission ?? null,
    })
    .returning();
  await app.db.insert(dealRecords).values({ activityId: row!.id });
  return row!.id;
}

type Line = { kind: string; amount: number; agentId?: string };
async function single(dealId: string) {
  const res = await call('GET', `/deals/${dealId}/statement`, ceo);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.statement as { net: number; total: number; lines: Line[] };
}

type StatementDeal = {
  dealId: string;
  net: number | null;
  vat: number | null;
  due: number | null;
  paid: number;
  royalty: number | null;
  referral: number | null;
  branchShare: number | null;
  shares: { agentId: string; amount: number }[];
};
type Totals = Record<
  'count' | 'net' | 'vat' | 'due' | 'paid' | 'royalty' | 'referral' | 'branchShare' | 'shares',
  number
>;
async function agentStatement(agentId: string, who: Person) {
  const res = await call('GET', `/agents/${agentId}/month-statement?month=${MONTH}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.statement as { deals: StatementDeal[]; totals: Totals };
}
async function branchStatement(branchId: string, who: Person) {
  const res = await call('GET', `/branches/${branchId}/month-statement?month=${MONTH}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.statement as {
    deals: StatementDeal[];
    totals: Totals;
    agents: { agentId: string; deals: number; share: number }[];
  };
}

const sum = (lines: Line[], kind: string, agentId?: string) =>
  lines
    .filter((l) => l.kind === kind && (!agentId || l.agentId === agentId))
    .reduce((t, l) => t + l.amount, 0);

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const rows = await app.db
    .insert(branches)
    .values([
      { name: 'סניף חיפה', slug: 's-haifa', city: 'חיפה' },
      { name: 'סניף הרצליה', slug: 's-herzliya', city: 'הרצליה' },
    ])
    .returning();
  [ids.haifa, ids.herzliya] = rows.map((r) => r.id) as [string, string];
  ceo = await person(ids.herzliya, { role: 'admin', networkAccess: true, name: 'מנכ"ל הרשת' });
  haifaManager = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'זכיינית חיפה' });
  agentA = await person(ids.haifa, { name: 'סוכנת א' });
  agentB = await person(ids.haifa, { name: 'סוכן ב' });
  herzliyaAgent = await person(ids.herzliya, { name: 'סוכנת הרצליה' });
  const plans = [
    [ids.haifa, { royaltyBp: 600, royaltyCapAgorot: 100_000, split: { kind: 'fixed', agentBp: 5000 } }],
    [
      ids.herzliya,
      {
        royaltyBp: 500,
        split: {
          kind: 'tiers',
          tiers: [
            { fromAgorot: 0, agentBp: 5000 },
            { fromAgorot: 10_000_000, agentBp: 7000 },
          ],
        },
      },
    ],
  ] as const;
  for (const [branchId, plan] of plans) {
    const res = await call('POST', `/branches/${branchId}/fee-plans`, ceo, {
      effectiveFrom: '2024-01-01',
      ...plan,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // March: 10,000 ₪ in Haifa, royalty 600 of the yearly cap of 1,000.
  deals.march = await deal({ branchId: ids.haifa, agentId: agentA.id, on: '2026-03-10', commission: 10_000 });
  // October: 10,000 ₪ shared with B (4,000 of it his): royalty 400, the cap's rest.
  deals.shared = await deal({
    branchId: ids.haifa,
    agentId: agentA.id,
    on: '2026-10-05',
    commission: 10_000,
    second: { id: agentB.id, commission: 4000 },
    name: '=HYPERLINK("https://evil.example")',
  });
  // 5,000 ₪ of a lead referred by Herzliya (10%): no royalty left under the cap.
  const referredLead = await leadIn(ids.haifa, agentB.id);
  await app.db.insert(leadReferrals).values({
    leadId: referredLead,
    fromBranchId: ids.herzliya,
    toBranchId: ids.haifa,
    feePercent: 10,
    status: 'accepted',
    decidedAt: new Date('2026-09-01T10:00:00Z'),
  });
  deals.referred = await deal({
    branchId: ids.haifa,
    agentId: agentB.id,
    on: '2026-10-10',
    commission: 5000,
    leadId: referredLead,
  });
  deals.solo = await deal({ branchId: ids.haifa, agentId: agentA.id, on: '2026-10-12', commission: 8000 });
  // Herzliya's agent is at 98,000 ₪ in the year: the October deal crosses her 100,000 ₪ tier.
  await deal({ branchId: ids.herzliya, agentId: herzliyaAgent.id, on: '2026-02-01', commission: 98_000 });
  // A Herzliya deal that A shares in as second agent (her gross for the tiers counts her Haifa deals).
  deals.crossBranch = await deal({
    branchId: ids.herzliya,
    agentId: herzliyaAgent.id,
    on: '2026-10-15',
    commission: 6000,
    second: { id: agentA.id, commission: 3000 },
  });
  // November: outside the month.
  await deal({ branchId: ids.haifa, agentId: agentA.id, on: '2026-11-02', commission: 1000 });
});

describe('an agent’s monthly statement', () => {
  it('shows her every deal of the month with her own lines, equal to each deal’s statement', async () => {
    const mine = await agentStatement(agentA.id, agentA);
    expect(mine.deals.map((d) => d.dealId)).toEqual([deals.shared, deals.solo, deals.crossBranch]);
    for (const row of mine.deals) {
      const statement = await single(row.dealId);
      expect(row.shares).toEqual([
        expect.objectContaining({ agentId: agentA.id, amount: sum(statement.lines, 'agent', agentA.id) }),
      ]);
      expect(row).toMatchObject({
        net: statement.net,
        due: statement.total,
        vat: sum(statement.lines, 'vat'),
        royalty: sum(statement.lines, 'royalty'),
        referral: sum(statement.lines, 'referral'),
        branchShare: sum(statement.lines, 'branch'),
      });
    }
    // 10,000 ₪ shared 60/40: royalty 400 (the cap's rest), 9,600 to split, A's 60% at 50%: 2,880.
    expect(mine.deals[0]).toMatchObject({
      net: 1_000_000,
      vat: 180_000,
      royalty: 40_000,
      branchShare: 480_000,
    });
    expect(mine.deals[0]?.shares[0]?.amount).toBe(288_000);
    expect(mine.totals.count).toBe(3);
    expect(mine.totals.shares).toBe(mine.deals.reduce((t, d) => t + (d.shares[0]?.amount ?? 0), 0));
    expect(mine.totals.net).toBe(1_000_000 + 800_000 + 600_000);
  });

  it('is hers alone: another agent gets 404; her manager reads her branch’s deals; another branch 404', async () => {
    expect(
      (await call('GET', `/agents/${agentA.id}/month-statement?month=${MONTH}`, agentB)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/agents/${agentA.id}/month-statement.csv?month=${MONTH}`, agentB)).statusCode,
    ).toBe(404);
    const byManager = await agentStatement(agentA.id, haifaManager);
    expect(byManager.deals.map((d) => d.dealId)).toEqual([deals.shared, deals.solo]);
    expect(
      (await call('GET', `/agents/${herzliyaAgent.id}/month-statement?month=${MONTH}`, haifaManager))
        .statusCode,
    ).toBe(404);
    const byCeo = await agentStatement(herzliyaAgent.id, ceo);
    expect(byCeo.deals.map((d) => d.dealId)).toEqual([deals.crossBranch]);
    // Her 3,000 ₪ cross the tier: two lines, summed, as the deal's own statement has them.
    const crossing = await single(deals.crossBranch);
    expect(crossing.lines.filter((l) => l.agentId === herzliyaAgent.id)).toHaveLength(2);
    expect(byCeo.deals[0]?.shares[0]?.amount).toBe(sum(crossing.lines, 'agent', herzliyaAgent.id));
    const bad = await call('GET', `/agents/${agentA.id}/month-statement?month=2026-13`, agentA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.month).toBe('חודש בפורמט YYYY-MM');
  });
});

describe('a branch’s monthly statement', () => {
  it('totals the sum of its agents’ statements, and the lines the deals’ fees', async () => {
    const branch = await branchStatement(ids.haifa, haifaManager);
    expect(branch.deals.map((d) => d.dealId)).toEqual([deals.shared, deals.referred, deals.solo]);
    const a = await agentStatement(agentA.id, haifaManager);
    const b = await agentStatement(agentB.id, haifaManager);
    expect(branch.agents.map((r) => [r.agentId, r.share])).toEqual(
      expect.arrayContaining([
        [agentA.id, a.totals.shares],
        [agentB.id, b.totals.shares],
      ]),
    );
    expect(branch.totals.shares).toBe(a.totals.shares + b.totals.shares);
    expect(branch.totals.shares).toBe(branch.agents.reduce((t, r) => t + r.share, 0));
    const { net, vat, due, royalty, referral, branchShare, shares } = branch.totals;
    expect(royalty + referral + branchShare + shares).toBe(net);
    expect(net + vat).toBe(due);
    // The referred deal: 10% to Herzliya, no royalty (the cap is reached).
    const referred = branch.deals.find((d) => d.dealId === deals.referred);
    expect(referred).toMatchObject({ royalty: 0, referral: 50_000 });
    for (const row of branch.deals)
      expect(row.branchShare).toBe(sum((await single(row.dealId)).lines, 'branch'));
  });

  it('is its managers’ and the network’s: another branch’s manager 404, an agent 403', async () => {
    expect(
      (await call('GET', `/branches/${ids.herzliya}/month-statement?month=${MONTH}`, haifaManager))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/branches/${ids.haifa}/month-statement?month=${MONTH}`, agentA)).statusCode,
    ).toBe(403);
    const herzliya = await branchStatement(ids.herzliya, ceo);
    expect(herzliya.deals.map((d) => d.dealId)).toEqual([deals.crossBranch]);
    // A's line of a Herzliya deal is in Herzliya's statement, so its totals still add up.
    expect(herzliya.agents.map((r) => r.agentId).sort()).toEqual([agentA.id, herzliyaAgent.id].sort());
  });

  it('writes the same as CSV: BOM, Hebrew headers, numbers in shekels, formula-safe, totals row', async () => {
    const res = await call('GET', `/branches/${ids.haifa}/month-statement.csv?month=${MONTH}`, haifaManager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body.slice(1)) as string[][];
    expect(rows[0]?.slice(0, 6)).toEqual([
      'תאריך חתימה',
      'סניף',
      'נכס',
      'לקוח',
      'סטטוס',
      'עמלה לפני מע"מ (₪)',
    ]);
    expect(rows[1]?.[3]).toBe(`'=HYPERLINK("https://evil.example")`);
    expect(rows[1]?.[5]).toBe('10000');
    const total = rows.find((r) => r[0] === 'סה"כ');
    const branch = await branchStatement(ids.haifa, haifaManager);
    expect(Number(total?.[13])).toBe(branch.totals.shares / 100);
    expect(rows.filter((r) => r[0] === 'סוכן').map((r) => r[12])).toEqual(
      expect.arrayContaining(['סוכנת א', 'סוכן ב']),
    );
  });

  it('writes a PDF in Hebrew that a text tool reads back', async () => {
    const res = await call('GET', `/agents/${agentA.id}/month-statement.pdf?month=${MONTH}`, agentA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload)
      .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/\s+/g, ' ');
    for (const piece of [
      'דוח עמלות חודשי',
      'סוכנת א',
      'אוקטובר 2026',
      '2,880.00',
      '10,000.00',
      'תמלוגים לרשת',
    ])
      expect(text).toContain(piece);
    const branchPdf = await call(
      'GET',
      `/branches/${ids.haifa}/month-statement.pdf?month=${MONTH}`,
      haifaManager,
    );
    expect(branchPdf.statusCode).toBe(200);
    expect(pdfText(branchPdf.rawPayload)).toContain('סניף חיפה');
  });
});

describe('the network’s royalties', () => {
  it('sums each branch’s royalty lines for the month and the year, within the yearly cap', async () => {
    expect((await call('GET', `/royalties?month=${MONTH}`, agentA)).statusCode).toBe(403);
    const res = await call('GET', `/royalties?month=${MONTH}`, ceo);
    expect(res.statusCode, res.body).toBe(200);
    const { branches: rows, totals } = res.json().data as {
      branches: {
        branchId: string;
        month: { deals: number; net: number; royalty: number };
        year: { royalty: number };
        royaltyCap: number | null;
      }[];
      totals: { month: { royalty: number }; year: { royalty: number } };
    };
    const haifa = rows.find((r) => r.branchId === ids.haifa);
    expect(haifa?.month).toEqual({ deals: 3, net: 2_300_000, royalty: 40_000, agentFees: 0, due: 40_000 });
    expect(haifa?.year.royalty).toBe(100_000);
    expect(haifa?.royaltyCap).toBe(100_000);
    const herzliya = rows.find((r) => r.branchId === ids.herzliya);
    expect(herzliya?.month.royalty).toBe(30_000);
    expect(totals.month.royalty).toBe(rows.reduce((t, r) => t + r.month.royalty, 0));
    const csv = await call('GET', `/royalties.csv?month=${MONTH}`, ceo);
    expect(csv.statusCode).toBe(200);
    const csvRows = parse(csv.body.slice(1)) as string[][];
    expect(csvRows.find((r) => r[0] === 'סניף חיפה')?.slice(1, 4)).toEqual(['3', '23000', '400']);
  });
});

describe('a cancelled deal', () => {
  it('leaves the statements, the totals and the royalty cap', async () => {
    const cancel = await call('PATCH', `/deals/${deals.shared}/status`, ceo, {
      status: 'cancelled',
      cancelReason: 'בוטל',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const branch = await branchStatement(ids.haifa, haifaManager);
    expect(branch.deals.map((d) => d.dealId)).toEqual([deals.referred, deals.solo]);
    // The cap's rest (400) now goes to the referred deal (6% of 5,000 = 300) and the next (100).
    expect(branch.deals.map((d) => d.royalty)).toEqual([30_000, 10_000]);
    for (const row of branch.deals)
      expect(row.royalty).toBe(sum((await single(row.dealId)).lines, 'royalty'));
    const b = await agentStatement(agentB.id, agentB);
    expect(b.deals.map((d) => d.dealId)).toEqual([deals.referred]);
    const res = await call('GET', `/royalties?month=${MONTH}`, ceo);
    const haifa = (res.json().data.branches as { branchId: string; month: { deals: number } }[]).find(
      (r) => r.branchId === ids.haifa,
    );
    expect(haifa?.month.deals).toBe(2);
  });
});

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'statement-pdf-'));
  try {
    const file = join(dir, 'statement.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
