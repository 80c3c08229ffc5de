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

const shekelsWithAgorot = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  minimumFractionDigits: 2,
});
/** An amount in agorot as shekels with agorot, e.g. ‏5,640.00 ₪. */
export const formatAgorot = (agorot: number) => shekelsWithAgorot.format(agorot / 100);

/** Typed price text without its separators (commas, spaces, the shekel sign), as the visitor meant it. */
export const ungroupDigits = (text: string) => text.replace(/[,\s\u00a0\u202f₪]/g, '');

/** Typed whole-number text with thousands separators ('1500000' → '1,500,000'); other text stays as typed. */
export function groupDigits(text: string): string {
  const plain = ungroupDigits(text);
  return /^\d+$/.test(plain) ? plain.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',') : text;
}

/** Office minutes as hours and minutes ('1:05 ש׳' from 65), or minutes alone under an hour; '—' for none. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} דק׳`;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')} ש׳`;
}

/** A share (0-1) as a whole percentage. */
export const formatShare = (share: number) => `${Math.round(share * 100)}%`;
