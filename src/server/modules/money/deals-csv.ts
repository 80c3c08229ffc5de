import { displayIsraeliMobile } from '@shared/domain/phone';
import { DEAL_MESSAGES, DEAL_STATUS_LABELS, type DealList, type DealRow } from '@shared/schemas/deals';
import { spreadsheetCsv } from '../../lib/csv';

/** Agorot as a number of shekels with two decimals (a spreadsheet sums it); empty when not known. */
const shekels = (agorot: number | null) => (agorot === null ? '' : agorot / 100);

const COLUMNS: [string, (d: DealRow) => string | number][] = [
  ['תאריך חתימה', (d) => d.signedOn],
  ['סניף', (d) => d.branchName],
  ['נכס', (d) => d.property ?? ''],
  ['לקוח', (d) => d.contactName],
  ['טלפון', (d) => displayIsraeliMobile(d.phone)],
  ['מחיר (₪)', (d) => d.price ?? ''],
  ['עמלה לפני מע"מ (₪)', (d) => shekels(d.fee)],
  ['סטטוס', (d) => DEAL_STATUS_LABELS[d.status]],
  ['לתשלום כולל מע"מ (₪)', (d) => shekels(d.due)],
  ['שולם (₪)', (d) => shekels(d.paid)],
  ['מועד פירעון', (d) => d.dueOn ?? ''],
  ['סוכנים', (d) => d.shares.map((s) => s.name).join(', ')],
  ['חלק הסוכנים (₪)', (d) => shekels(d.shares.reduce((sum, s) => sum + (s.amount ?? 0), 0))],
  ['חלק הסניף (₪)', (d) => shekels(d.branchShare)],
  ['הזמנת תיווך', (d) => (d.withoutSignedOrder ? DEAL_MESSAGES.noSignedOrder : 'חתומה')],
  ['סיבה לעסקה ללא הזמנה', (d) => (d.withoutSignedOrder ? (d.noOrderReason ?? '') : '')],
];

/** The deals list as CSV (UTF-8 with a BOM, Hebrew headers, amounts as numbers) with a totals row last. */
export function dealsCsv(list: DealList): string {
  const { totals } = list;
  const totalRow = [
    'סה"כ',
    '',
    '',
    '',
    '',
    '',
    shekels(totals.fee),
    '',
    shekels(totals.due),
    shekels(totals.paid),
    '',
    '',
    shekels(totals.shares),
    shekels(totals.branchShare),
    '',
    '',
  ];
  return spreadsheetCsv(
    COLUMNS.map(([header]) => header),
    [...list.deals.map((d) => COLUMNS.map(([, cell]) => cell(d))), totalRow],
  );
}
