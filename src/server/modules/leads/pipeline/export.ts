import { formatDate } from '@shared/domain/israel-time';
import { displayIsraeliMobile } from '@shared/domain/phone';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, LOSS_REASON_LABELS } from '@shared/domain/pipeline';
import type { LeadSummary } from '@shared/schemas/pipeline';
import { spreadsheetCsv } from '../../../lib/csv';

const timeFormatter = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateTime = (iso: string | null) =>
  iso ? `${formatDate(new Date(iso))} ${timeFormatter.format(new Date(iso))}` : '';

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

/** The table as CSV that Excel opens with Hebrew intact (lib/csv.ts). */
export function leadsCsv(rows: LeadSummary[]): string {
  return spreadsheetCsv(
    COLUMNS.map(([header]) => header),
    rows.map((lead) => COLUMNS.map(([, cell]) => cell(lead))),
  );
}
