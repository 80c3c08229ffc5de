export { formatDate } from '@shared/domain/israel-time';

const shekel = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  maximumFractionDigits: 0,
});
const number = new Intl.NumberFormat('he-IL');

/** A price in shekels, e.g. ‏2,450,000 ₪. */
export const formatPrice = (value: number) => shekel.format(value);
export const formatNumber = (value: number) => number.format(value);

/** Office minutes as hours and minutes ('1:05 ש׳' from 65), or minutes alone under an hour; '—' for none. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} דק׳`;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')} ש׳`;
}

/** A share (0-1) as a whole percentage. */
export const formatShare = (share: number) => `${Math.round(share * 100)}%`;
