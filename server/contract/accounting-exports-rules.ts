/**
 * The accounting exports' rules shared by the api, the web and the browser (docs/decisions/405,
 * 406): return periods of GSTR-1 and date ranges of the Tally and Zoho Books files. No zod, no
 * imports but the dates module: the period picker builds its choices with these.
 */

import { isRealDay } from './dates.js';

/** A return period: a month ("2026-11") or a quarter of the Indian financial year under QRMP ("2026-Q3", October to December 2026). */
export type ReturnPeriod = { from: string; to: string; fp: string; label: string };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The dates of a return period, or null when `text` is not one. A quarter is of the financial year
 * that starts in its year: 2026-Q1 is April–June 2026, 2026-Q4 is January–March 2027; its `fp` is
 * its last month's, as the portal files a quarterly return under.
 */
export function returnPeriod(text: string): ReturnPeriod | null {
  const month = MONTH.exec(text);
  if (month) {
    const [year, m] = [Number(month[1]), Number(month[2])];
    if (year < 2017 || year > 2100) return null;
    return { from: `${year}-${pad(m)}-01`, to: `${year}-${pad(m)}-${lastDay(year, m)}`, fp: `${pad(m)}${year}`, label: `${MONTH_NAMES[m - 1]} ${year}` };
  }
  const quarter = QUARTER.exec(text);
  if (!quarter) return null;
  const [fyStart, q] = [Number(quarter[1]), Number(quarter[2])];
  if (fyStart < 2017 || fyStart > 2100) return null;
  const startMonth = ((q - 1) * 3 + 3) % 12 + 1; // Q1 → 4, Q2 → 7, Q3 → 10, Q4 → 1
  const year = q === 4 ? fyStart + 1 : fyStart;
  const endMonth = startMonth + 2;
  const fy = `${fyStart}-${pad((fyStart + 1) % 100)}`;
  return {
    from: `${year}-${pad(startMonth)}-01`,
    to: `${year}-${pad(endMonth)}-${lastDay(year, endMonth)}`,
    fp: `${pad(endMonth)}${year}`,
    label: `Q${q} ${fy} (${MONTH_NAMES[startMonth - 1]}–${MONTH_NAMES[endMonth - 1]} ${year})`,
  };
}


/** The return periods a picker offers: the last `months` months, newest first, then the quarters they fall in. */
export function periodChoices(today: string, months = 15): Array<{ value: string; label: string }> {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const monthly: Array<{ value: string; label: string }> = [];
  const quarterly = new Map<string, string>();
  for (let i = 0; i < months; i++) {
    const total = year * 12 + (month - 1) - i;
    const [y, m] = [Math.floor(total / 12), (total % 12) + 1];
    const value = `${y}-${pad(m)}`;
    monthly.push({ value, label: returnPeriod(value)!.label });
    const fyStart = m >= 4 ? y : y - 1;
    const q = `${fyStart}-Q${m >= 4 ? Math.floor((m - 4) / 3) + 1 : 4}`;
    if (!quarterly.has(q)) quarterly.set(q, returnPeriod(q)!.label);
  }
  return [...monthly, ...[...quarterly].map(([value, label]) => ({ value, label }))];
}

/** The month before `today`'s: the period a return is usually filed for. */
export function defaultPeriod(today: string): string {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`;
}

/** The Indian financial year `today` is in, as a date range (1 April to 31 March). */
export function financialYearRange(today: string): { from: string; to: string } {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const start = month >= 4 ? year : year - 1;
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** The CSVs of GSTR-1, one per section (`docs` is the documents issued). */
export const GSTR1_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'docs'] as const;
export type Gstr1CsvSection = (typeof GSTR1_SECTIONS)[number];

/** At most a financial year and a little: a longer file is asked for in parts. */
export const MAX_RANGE_DAYS = 400;

export const EXPORT_MESSAGES = {
  period: 'Choose a month or a quarter',
  from: 'Enter the first day as a date',
  to: 'Enter the last day as a date',
  order: 'The last day cannot be before the first',
  tooLong: `A range is at most ${MAX_RANGE_DAYS} days: export a financial year at a time`,
  noGstin: 'GSTR-1 needs the firm\'s GSTIN: add it to the billing profile first',
  section: 'No such GSTR-1 section',
} as const;


/** Why a range is not one, or null. */
export function rangeProblem(from: string, to: string): string | null {
  if (!isRealDay(from)) return EXPORT_MESSAGES.from;
  if (!isRealDay(to)) return EXPORT_MESSAGES.to;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days < 0) return EXPORT_MESSAGES.order;
  if (days >= MAX_RANGE_DAYS) return EXPORT_MESSAGES.tooLong;
  return null;
}
