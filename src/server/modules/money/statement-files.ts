import { formatAgorot } from '@shared/domain/commission-statement';
import { MONTHLY_FEE_LABEL } from '@shared/domain/monthly-fee';
import { DEAL_STATUS_LABELS } from '@shared/schemas/deals';
import type {
  AgentMonthStatement,
  BranchMonthStatement,
  StatementDeal,
  StatementTotals,
} from '@shared/schemas/month-statements';
import { PDFDocument } from 'pdf-lib';
import { spreadsheetCsv } from '../../lib/csv';
import { embedPdfFonts } from '../../lib/pdf/fonts';
import { BODY, type Cell, PageWriter } from '../../lib/pdf/page-writer';

/**
 * The monthly statements and the royalties as files (docs/money.md): CSV as the deals CSV writes it (UTF-8 with a
 * BOM, Hebrew headers, amounts as numbers of shekels, text made formula-safe, a totals row) and PDF as the
 * brokerage order's (pdf-lib, Heebo embedded, right to left by the bidi algorithm).
 */

const shekels = (agorot: number | null) => (agorot === null ? '' : agorot / 100);

/** "נובמבר 2026" for "2026-11". */
export const monthTitle = (month: string) =>
  new Intl.DateTimeFormat('he-IL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );

const sharesOf = (d: StatementDeal) => d.shares.reduce((sum, s) => sum + s.amount, 0);

type Column = [string, (d: StatementDeal) => string | number, (t: StatementTotals) => string | number];
const dealColumns = (shareHeader: string): Column[] => [
  ['תאריך חתימה', (d) => d.signedOn, () => 'סה"כ'],
  ['סניף', (d) => d.branchName, () => ''],
  ['נכס', (d) => d.property ?? '', () => ''],
  ['לקוח', (d) => d.contactName, () => ''],
  ['סטטוס', (d) => DEAL_STATUS_LABELS[d.status], (t) => t.count],
  ['עמלה לפני מע"מ (₪)', (d) => shekels(d.net), (t) => shekels(t.net)],
  ['מע"מ (₪)', (d) => shekels(d.vat), (t) => shekels(t.vat)],
  ['לתשלום כולל מע"מ (₪)', (d) => shekels(d.due), (t) => shekels(t.due)],
  ['שולם (₪)', (d) => shekels(d.paid), (t) => shekels(t.paid)],
  ['תמלוגים לרשת (₪)', (d) => shekels(d.royalty), (t) => shekels(t.royalty)],
  ['עמלת הפניה (₪)', (d) => shekels(d.referral), (t) => shekels(t.referral)],
  ['חלק הסניף (₪)', (d) => shekels(d.branchShare), (t) => shekels(t.branchShare)],
  ['סוכנים', (d) => d.shares.map((s) => s.name).join(', '), () => ''],
  [shareHeader, (d) => (d.net === null ? '' : shekels(sharesOf(d))), (t) => shekels(t.shares)],
];

function dealsTable(deals: StatementDeal[], totals: StatementTotals, shareHeader: string) {
  const columns = dealColumns(shareHeader);
  return {
    headers: columns.map(([header]) => header),
    rows: [
      ...deals.map((d) => columns.map(([, cell]) => cell(d))),
      columns.map(([, , total]) => total(totals)),
    ],
  };
}

/** An agent's month as CSV: her deals with their lines and her share, and the totals row. */
export function agentStatementCsv(statement: AgentMonthStatement): string {
  const { headers, rows } = dealsTable(
    statement.deals,
    statement.totals,
    `החלק של ${statement.agent.name} (₪)`,
  );
  return spreadsheetCsv(headers, rows);
}

/** A branch's month as CSV: its deals and the totals row, then one row per agent with her total. */
export function branchStatementCsv(statement: BranchMonthStatement): string {
  const { headers, rows } = dealsTable(statement.deals, statement.totals, 'חלקי הסוכנים (₪)');
  const feeRow = (): (string | number)[] => {
    const row: (string | number)[] = headers.map(() => '');
    const fee = statement.monthlyFee;
    if (!fee) return row;
    row[0] = MONTHLY_FEE_LABEL;
    row[12] = fee.rule;
    row[13] = shekels(fee.amount);
    return row;
  };
  const agentRows = statement.agents.map((a) => {
    const row: (string | number)[] = headers.map(() => '');
    row[0] = 'סוכן';
    row[4] = a.deals;
    row[12] = a.name;
    row[13] = shekels(a.share);
    return row;
  });
  const fee = statement.monthlyFee ? [feeRow()] : [];
  return spreadsheetCsv(headers, [...rows, ...fee, headers.map(() => ''), ...agentRows]);
}

// --- PDF ---

const money = (agorot: number | null) => (agorot === null ? '—' : formatAgorot(agorot));
const SMALL = { ...BODY, size: 8, gapAfter: 2 };

/** The deals' table of a statement PDF: a header row, a row per deal, the totals row. */
function writeDeals(
  writer: PageWriter,
  deals: StatementDeal[],
  totals: StatementTotals,
  shareHeader: string,
) {
  // Column widths (points, right to left); they sum to the text width.
  const widths = [48, 71, 52, 52, 52, 52, 52, 52, 52];
  const row = (texts: string[], weight?: 'bold') =>
    writer.row(
      texts.map((text, i): Cell => ({ text, width: widths[i] ?? 50, weight })),
      SMALL,
      true,
    );
  row(
    [
      'תאריך',
      'לקוח ונכס',
      'עמלה לפני מע"מ',
      'מע"מ',
      'תמלוגים לרשת',
      'עמלת הפניה',
      'חלק הסניף',
      shareHeader,
      'שולם',
    ],
    'bold',
  );
  for (const d of deals)
    row([
      d.signedOn,
      [d.contactName, d.property].filter(Boolean).join(' · '),
      money(d.net),
      money(d.vat),
      money(d.royalty),
      money(d.referral),
      money(d.branchShare),
      d.net === null ? '—' : money(sharesOf(d)),
      money(d.paid),
    ]);
  row(
    [
      'סה"כ',
      `${totals.count} עסקאות`,
      money(totals.net),
      money(totals.vat),
      money(totals.royalty),
      money(totals.referral),
      money(totals.branchShare),
      money(totals.shares),
      money(totals.paid),
    ],
    'bold',
  );
}

async function statementPdf(title: string, subtitle: string, write: (writer: PageWriter) => void) {
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${subtitle}`);
  doc.setSubject(title);
  doc.setLanguage('he-IL');
  doc.setProducer('pdf-lib');
  const writer = new PageWriter(doc, await embedPdfFonts(doc));
  writer.paragraph(title, { size: 18, weight: 'bold', align: 'center', gapAfter: 4 });
  writer.paragraph(subtitle, { ...BODY, align: 'center', gapAfter: 8 });
  write(writer);
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    writer.footer(page, `${title} · ${subtitle} · עמוד ${i + 1} מתוך ${pages.length}`);
  });
  return doc.save();
}

/** An agent's month as PDF: her deals, their lines and her share, the totals. */
export function agentStatementPdf(statement: AgentMonthStatement): Promise<Uint8Array> {
  const subtitle = `${statement.agent.name} · ${statement.agent.branchName} · ${monthTitle(statement.month)}`;
  return statementPdf('דוח עמלות חודשי', subtitle, (writer) => {
    writer.heading('העסקאות של החודש');
    writeDeals(writer, statement.deals, statement.totals, `החלק של ${statement.agent.name}`);
    writer.heading('לסיכום');
    writer.paragraph(`החלק של ${statement.agent.name} החודש: ${money(statement.totals.shares)}`, BODY);
    writer.paragraph(
      `לתשלום על ידי הלקוחות (כולל מע"מ): ${money(statement.totals.due)}; שולם עד כה: ${money(statement.totals.paid)}`,
      BODY,
    );
    for (const d of statement.deals)
      for (const s of d.shares)
        for (const rule of s.rules) writer.paragraph(`${d.signedOn} · ${d.contactName}: ${rule}`, SMALL);
  });
}

/** A branch's month as PDF: each agent's total, the deals, the branch's share and the royalty owed. */
export function branchStatementPdf(statement: BranchMonthStatement): Promise<Uint8Array> {
  const subtitle = `${statement.branch.name} · ${monthTitle(statement.month)}`;
  return statementPdf('דוח עמלות חודשי לסניף', subtitle, (writer) => {
    writer.heading('הסוכנים');
    const widths = [200, 80, 120];
    const row = (texts: string[], weight?: 'bold') =>
      writer.row(
        texts.map((text, i): Cell => ({ text, width: widths[i] ?? 80, weight })),
        SMALL,
        true,
      );
    row(['סוכן', 'עסקאות', 'החלק בעמלות'], 'bold');
    for (const a of statement.agents) row([a.name, String(a.deals), money(a.share)]);
    row(['סה"כ', '', money(statement.totals.shares)], 'bold');
    writer.heading('העסקאות של החודש');
    writeDeals(writer, statement.deals, statement.totals, 'חלקי הסוכנים');
    writer.heading('לסיכום');
    writer.paragraph(`חלק הסניף: ${money(statement.totals.branchShare)}`, BODY);
    writer.paragraph(`תמלוגים לרשת: ${money(statement.totals.royalty)}`, BODY);
    writer.paragraph(`עמלות הפניה: ${money(statement.totals.referral)}`, BODY);
    if (statement.monthlyFee)
      writer.paragraph(`${statement.monthlyFee.rule} = ${money(statement.monthlyFee.amount)}`, BODY);
  });
}
