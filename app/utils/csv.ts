/**
 * CSV for spreadsheets (RFC 4180: every cell quoted, quotes doubled, CRLF lines, a BOM so Excel
 * reads UTF-8). A text cell that a spreadsheet would read as a formula (=, +, -, @, tab, carriage
 * return first) gets a leading apostrophe: a project named `=HYPERLINK(…)` stays text (CSV
 * injection, OWASP). Numbers are written as they are.
 */

export type CsvCell = string | number;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\ufeff${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Paise as a plain decimal for a spreadsheet: 1234567 → 12345.67 (a number, not text). */
export const paiseAsRupees = (paise: number) => Math.round(paise) / 100;
