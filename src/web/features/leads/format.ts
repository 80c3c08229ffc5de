import { israelMinuteOfDay } from '@shared/domain/israel-calendar';
import { formatTime, israelDate } from '@shared/domain/israel-time';
import { toInternationalDigits } from '@shared/domain/phone';

const dateTime = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const shortDateTime = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as Israel sees it, e.g. '01.12.2026, 10:30'. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** The same without the year (cards and lists). */
export const formatShortDateTime = (iso: string) => shortDateTime.format(new Date(iso));

/** A time of today as its hour ('10:15'), of another day with its date too ('02.12, 10:15'). */
export const formatTimeOrDateTime = (iso: string, now = new Date()) =>
  israelDate(new Date(iso)) === israelDate(now) ? formatTime(new Date(iso)) : formatShortDateTime(iso);

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of a datetime-local control for an instant, in Israel wall-clock time ('2026-12-01T10:30'). */
export function toIsraelLocalInput(instant: Date | string): string {
  const at = new Date(instant);
  const minutes = israelMinuteOfDay(at);
  return `${israelDate(at)}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A tel: link for a phone as stored ('+972501234567' or '050-1234567'). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
/** A WhatsApp chat with the number (international digits, no '+'). */
export const whatsappHref = (phone: string) => `https://wa.me/${toInternationalDigits(phone)}`;
