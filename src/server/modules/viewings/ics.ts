import { israelMinuteOfDay } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';

/**
 * A viewing's calendar invitation (RFC 5545 / 5546), written by hand: one event in Israel time with the
 * Asia/Jerusalem VTIMEZONE, so every calendar shows the right hour on both sides of a clock change
 * (docs/decisions/0051-viewing-mail-and-reminders.md).
 */
export type ViewingInvite = {
  method: 'REQUEST' | 'CANCEL';
  /** Stable per viewing: a move or a cancellation updates the same event in the visitor's calendar. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
};

const TZID = 'Asia/Jerusalem';

/** Israel's rule since 2013: summer time from the Friday before the last Sunday of March to the last Sunday of October, at 02:00. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TZID}`,
  'BEGIN:STANDARD',
  'DTSTART:19701025T020000',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0200',
  'TZNAME:IST',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700327T020000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0300',
  'TZNAME:IDT',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=23,24,25,26,27,28,29;BYDAY=FR',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
export const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value (CN): quoted, without the characters a quoted value cannot hold. */
const icsParam = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

const pad = (n: number) => String(n).padStart(2, '0');

/** The Israel wall-clock time of an instant, as a DATE-TIME to read with TZID=Asia/Jerusalem. */
export function israelLocalStamp(at: Date): string {
  const minute = israelMinuteOfDay(at);
  return `${israelDate(at).replaceAll('-', '')}T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00`;
}

const utcStamp = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** Folds a content line at 75 octets (UTF-8), never inside a character; continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function viewingIcs(invite: ViewingInvite): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//LINK//Viewings//HE',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utcStamp(invite.stamp)}`,
    `DTSTART;TZID=${TZID}:${israelLocalStamp(invite.start)}`,
    `DTEND;TZID=${TZID}:${israelLocalStamp(invite.end)}`,
    `SUMMARY:${icsText(invite.summary)}`,
    `LOCATION:${icsText(invite.location)}`,
    `DESCRIPTION:${icsText(invite.description)}`,
    `URL:${invite.url}`,
    `ORGANIZER;CN=${icsParam(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    `ATTENDEE;CN=${icsParam(invite.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${invite.attendee.email}`,
    `STATUS:${invite.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
