import { paiseToDecimal } from './money-text.js';

/**
 * CSV for spreadsheets (RFC 4180: every cell quoted, quotes doubled, CRLF lines, a BOM so Excel
 * reads UTF-8). A text cell that a spreadsheet would read as a formula (=, +, -, @, tab, carriage
 * return first) gets a leading apostrophe: a project named `=HYPERLINK(…)` stays text (CSV
 * injection, OWASP). Numbers are written as they are; an amount is written exactly, two decimals
 * from money-text.ts (docs/decisions/360), never through a float: 1230 paise is `12.30`, not `12.3`.
 */

/** A decimal written as it is, never taken for a formula (a negative amount starts with "-"). */
export type CsvDecimal = { readonly decimal: string };
export type CsvCell = string | number | CsvDecimal;

const FORMULA_START = /^[=+\-@\t\r]/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** An amount in paise as a CSV cell of rupees: 1230 → `"12.30"`, −50 → `"-0.50"`. */
export const csvAmount = (paise: number): CsvDecimal => ({ decimal: paiseToDecimal(paise) });

/** A percentage with two decimals (a markup of 36.7 → `"36.70"`). */
export const csvPercent = (percent: number): CsvDecimal => ({ decimal: percent.toFixed(2) });

export function csvCell(value: CsvCell): string {
  let text: string;
  if (typeof value === 'number') text = String(value);
  else if (typeof value === 'string') text = FORMULA_START.test(value) ? `'${value}` : value;
  else if (DECIMAL.test(value.decimal)) text = value.decimal;
  else throw new RangeError(`Not a decimal: ${value.decimal}`);
  return `"${text.replace(/"/g, '""')}"`;
}

/** The byte-order mark a CSV file starts with, so Excel reads UTF-8. */
export const CSV_BOM = '\ufeff';

/** One CSV line with its CRLF: a streamed export writes these one by one (docs/decisions/405). */
export const csvLine = (row: readonly CsvCell[]): string => `${row.map(csvCell).join(',')}\r\n`;

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${CSV_BOM}${rows.map(csvLine).join('')}`;
}
