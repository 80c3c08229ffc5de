import { formatDate } from '@shared/domain/israel-time';
import { displayIsraeliMobile } from '@shared/domain/phone';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, LOSS_REASON_LABELS } from '@shared/domain/pipeline';
import type { LeadSummary } from '@shared/schemas/pipeline';
import { stringify } from 'csv-stringify/sync';

const timeFormatter = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateTime = (iso: string | null) =>
  iso ? `${formatDate(new Date(iso))} ${timeFormatter.format(new Date(iso))}` : '';

/**
 * Text a spreadsheet would not keep as text gets a leading apostrophe: a formula (=, +, -, @, a tab or a
 * carriage return first: OWASP's CSV injection rule) and a number in scientific notation ('1E5' would become
 * 100000). Phones are written as '052-765-4321', which every spreadsheet keeps as text with its leading zero.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const SCIENTIFIC = /^\s*[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)e[+-]?\d+\s*$/i;
const safeCell = (value: string) =>
  FORMULA_START.test(value) || SCIENTIFIC.test(value) ? `'${value}` : value;

const COLUMNS: [string, (lead: LeadSummary) => string | number][] = [
  ['שם', (l) => l.name],
  ['טלפון', (l) => displayIsraeliMobile(l.phone)],
  ['מקור', (l) => LEAD_SOURCE_LABELS[l.source]],
  ['קטגוריה', (l) => l.category],
  ['סטטוס', (l) => LEAD_STATUS_LABELS[l.status]],
  ['סיבת אי-רלוונטיות', (l) => (l.lossReason ? lossLabel(l) : '')],
  ['סוכן מטפל', (l) => l.owner?.name ?? ''],
  ['סיבת השיוך', (l) => l.routingReason],
  ['נכס', (l) => (l.property ? `${l.property.address}, ${l.property.city}` : '')],
  ['הודעה', (l) => l.message],
  ['התקבל', (l) => dateTime(l.createdAt)],
  ['מגע ראשון', (l) => dateTime(l.firstContactAt)],
  ['זמן תגובה (דקות משרד)', (l) => l.responseMinutes ?? ''],
  ['מגע הבא', (l) => dateTime(l.nextTouchAt)],
  ['באיחור', (l) => (l.overdue ? 'כן' : 'לא')],
  ['הוסלם', (l) => (l.escalated ? 'כן' : 'לא')],
];

function lossLabel(lead: LeadSummary) {
  const reason = LOSS_REASON_LABELS[lead.lossReason!];
  return lead.lossText ? `${reason}: ${lead.lossText}` : reason;
}

/** The table as CSV that Excel opens with Hebrew intact: UTF-8 with a BOM, Hebrew headers, CRLF lines. */
export function leadsCsv(rows: LeadSummary[]): string {
  const records = rows.map((lead) =>
    COLUMNS.map(([, cell]) => {
      const value = cell(lead);
      return typeof value === 'string' ? safeCell(value) : value;
    }),
  );
  return `\uFEFF${stringify([COLUMNS.map(([header]) => header), ...records], { record_delimiter: 'windows' })}`;
}
