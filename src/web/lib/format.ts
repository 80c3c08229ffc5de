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
