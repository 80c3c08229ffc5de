import type { RoyaltyDues } from '@shared/schemas/royalty-payments';
import { spreadsheetCsv } from '../../lib/csv';

const shekels = (agorot: number | null) => (agorot === null ? '' : agorot / 100);

/**
 * GET /royalties.csv: the royalties view as the deals CSV writes it (UTF-8 with a BOM, Hebrew headers, amounts as
 * numbers of shekels, text made formula-safe) with a `סה"כ` row that is the sum of the rows.
 */
export function royaltiesCsv(dues: RoyaltyDues): string {
  const headers = [
    'סניף',
    'עסקאות בחודש',
    'עמלות לפני מע"מ בחודש (₪)',
    'תמלוגים בחודש (₪)',
    'דמי חודש לסוכנים בחודש (₪)',
    'לתשלום לרשת בחודש (₪)',
    'שולם עבור החודש (₪)',
    'יתרה לחודש (₪)',
    'עסקאות מתחילת השנה',
    'עמלות לפני מע"מ מתחילת השנה (₪)',
    'תמלוגים מתחילת השנה (₪)',
    'דמי חודש לסוכנים מתחילת השנה (₪)',
    'לתשלום לרשת מתחילת השנה (₪)',
    'שולם מתחילת השנה (₪)',
    'יתרה מתחילת השנה (₪)',
    'שיעור התמלוגים (%)',
    'תקרה שנתית (₪)',
    'עסקאות ללא תוכנית עמלות',
    'סוכנים בתחילת החודש',
    'דמי חודש לסוכן (₪)',
  ];
  const rows = dues.branches.map((b) => [
    b.name,
    b.month.deals,
    shekels(b.month.net),
    shekels(b.month.royalty),
    shekels(b.month.agentFees),
    shekels(b.month.due),
    shekels(b.paid.month),
    shekels(b.balance.month),
    b.year.deals,
    shekels(b.year.net),
    shekels(b.year.royalty),
    shekels(b.year.agentFees),
    shekels(b.year.due),
    shekels(b.paid.year),
    shekels(b.balance.year),
    b.royaltyBp === null ? '' : b.royaltyBp / 100,
    shekels(b.royaltyCap),
    b.withoutPlan,
    b.monthlyFee?.agents ?? '',
    shekels(b.monthlyFee?.feeAgorot ?? null),
  ]);
  const { month, year, paid, balance } = dues.totals;
  const total = [
    'סה"כ',
    month.deals,
    shekels(month.net),
    shekels(month.royalty),
    shekels(month.agentFees),
    shekels(month.due),
    shekels(paid.month),
    shekels(balance.month),
    year.deals,
    shekels(year.net),
    shekels(year.royalty),
    shekels(year.agentFees),
    shekels(year.due),
    shekels(paid.year),
    shekels(balance.year),
    '',
    '',
    dues.branches.reduce((sum, b) => sum + b.withoutPlan, 0),
    dues.branches.reduce((sum, b) => sum + (b.monthlyFee?.agents ?? 0), 0),
    '',
  ];
  return spreadsheetCsv(headers, [...rows, total]);
}
