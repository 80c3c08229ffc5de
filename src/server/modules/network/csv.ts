import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import type { NetworkDashboard, NetworkFigures } from '@shared/schemas/network';
import { stringify } from 'csv-stringify/sync';

/** The metric names as the performance pages show them. */
const METRIC_HEADERS: Record<MetricKey, string> = {
  meetings: 'פגישות',
  exclusives: 'בלעדיות',
  priceUpdates: 'עדכוני מחיר',
  buyerTours: 'סיורי קונים',
  priceOffers: 'הצעות מחיר',
  deals: 'עסקאות (מדד)',
};

const safeName = (name: string) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name);
const percent = (fraction: number) => Math.round(fraction * 1000) / 10;

const COLUMNS: [string, (f: NetworkFigures) => string | number][] = [
  ['לידים שהתקבלו', (f) => f.received],
  ['חציון זמן תגובה (דקות משרד)', (f) => f.medianMinutes ?? ''],
  ['עסקאות מלידים', (f) => f.deals],
  ['המרה (%)', (f) => percent(f.conversion)],
  ...METRIC_KEYS.flatMap((key): [string, (f: NetworkFigures) => string | number][] => [
    [METRIC_HEADERS[key], (f) => f.indicators[key].actual],
    [`יעד ${METRIC_HEADERS[key]}`, (f) => f.indicators[key].goal ?? ''],
  ]),
  ['עמלות לפני מע"מ (₪)', (f) => f.money.gross / 100],
  ['לתשלום לרשת: תמלוגים ודמי חודש (₪)', (f) => f.money.royaltyDue / 100],
  ['תמלוגים ששולמו (₪)', (f) => f.money.royaltyPaid / 100],
];

/**
 * The dashboard as CSV that Excel opens with Hebrew intact: UTF-8 with a BOM, Hebrew headers, CRLF lines; one
 * row per branch and a last row for the network. A branch name that a spreadsheet would read as a formula gets
 * a leading apostrophe (OWASP's CSV injection rule, as the leads export does).
 */
export function dashboardCsv(dashboard: NetworkDashboard): string {
  const rows = [
    ...dashboard.branches.map((column) => [
      safeName(column.branch.name),
      ...COLUMNS.map(([, cell]) => cell(column)),
    ]),
    ['כל הרשת', ...COLUMNS.map(([, cell]) => cell(dashboard.network))],
  ];
  return `\uFEFF${stringify([['סניף', ...COLUMNS.map(([header]) => header)], ...rows], { record_delimiter: 'windows' })}`;
}
