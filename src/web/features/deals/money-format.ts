import { formatDate } from '@web/lib/format';

const shekels = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  minimumFractionDigits: 2,
});
const wholeShekels = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  maximumFractionDigits: 0,
});

/** Agorot as shekels with agorot ('₪ 23,600.00'); a dash when not known (no fee plan). */
export const agorot = (value: number | null) => (value === null ? '—' : shekels.format(value / 100));
/** A price in whole shekels. */
export const price = (value: number | null) => (value === null ? '—' : wholeShekels.format(value));
export const percent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;
export const day = (date: string | null) => (date ? formatDate(date) : '—');

/** This month and January of its year, as YYYY-MM (Israel time). */
export function defaultRange(now = new Date()) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jerusalem',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-');
  return { from: `${year}-01`, to: `${year}-${month}` };
}
