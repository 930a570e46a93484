/**
 * Document numbers (docs/decisions/255): per firm, per Indian financial year (1 April to 31 March,
 * the year of the date in Asia/Kolkata), a gapless sequence, printed as
 * `PREFIX/2026-27/0001`. GST rule 46(b) allows at most 16 characters of letters, digits, "-" and
 * "/": when the long year does not fit (a 4- or 5-character prefix) the year is printed short,
 * `PREFIX/26-27/0001`; a number that fits neither way is refused (RangeError) rather than cut.
 * The counter itself lives in the database (a row per firm and year, locked while issuing).
 */

import { PREFIX_MESSAGE, PREFIX_PATTERN } from '../contract/billing-rules.js';

export const NUMBER_TIME_ZONE = 'Asia/Kolkata';
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

export type FinancialYear = {
  /** The calendar year it starts in: 2026 for 2026-27. */
  startYear: number;
  /** "2026-27". */
  label: string;
  /** "26-27". */
  shortLabel: string;
};

/** The year, month (1–12) of an instant in Asia/Kolkata. */
function kolkataYearMonth(at: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: NUMBER_TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month') };
}

export function financialYearStarting(startYear: number): FinancialYear {
  const end = String((startYear + 1) % 100).padStart(2, '0');
  return { startYear, label: `${startYear}-${end}`, shortLabel: `${String(startYear % 100).padStart(2, '0')}-${end}` };
}

/** The financial year an instant falls in, by the date in Asia/Kolkata (31 Mar 20:00 UTC is already 1 April there). */
export function financialYearOf(at: Date): FinancialYear {
  if (Number.isNaN(at.getTime())) throw new RangeError('financialYearOf takes a valid date');
  const { year, month } = kolkataYearMonth(at);
  return financialYearStarting(month >= 4 ? year : year - 1);
}

/** `MSA/2026-27/0001`: the sequence padded to 4 digits (more when it grows past 9999). */
export function formatDocumentNumber(prefix: string, year: FinancialYear, sequence: number): string {
  if (!PREFIX_PATTERN.test(prefix)) throw new RangeError(PREFIX_MESSAGE);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('a sequence number starts at 1');
  const serial = String(sequence).padStart(4, '0');
  for (const label of [year.label, year.shortLabel]) {
    const number = `${prefix}/${label}/${serial}`;
    if (number.length <= MAX_DOCUMENT_NUMBER_LENGTH) return number;
  }
  throw new RangeError(`${prefix}/${year.shortLabel}/${serial} is longer than ${MAX_DOCUMENT_NUMBER_LENGTH} characters`);
}
