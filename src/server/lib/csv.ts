import { stringify } from 'csv-stringify/sync';

/**
 * Text a spreadsheet would not keep as text gets a leading apostrophe: a formula (=, +, -, @, a tab or a
 * carriage return first: OWASP's CSV injection rule) and a number in scientific notation ('1E5' would become
 * 100000). Phones are written as '052-765-4321', which every spreadsheet keeps as text with its leading zero.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const SCIENTIFIC = /^\s*[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)e[+-]?\d+\s*$/i;
export const safeCell = (value: string) =>
  FORMULA_START.test(value) || SCIENTIFIC.test(value) ? `'${value}` : value;

/**
 * A table as CSV that Excel opens with Hebrew intact: UTF-8 with a BOM, Hebrew headers, CRLF lines; every text
 * cell made safe (numbers stay numbers).
 */
export function spreadsheetCsv(headers: string[], rows: (string | number)[][]): string {
  const records = rows.map((row) =>
    row.map((value) => (typeof value === 'string' ? safeCell(value) : value)),
  );
  return `\uFEFF${stringify([headers, ...records], { record_delimiter: 'windows' })}`;
}
