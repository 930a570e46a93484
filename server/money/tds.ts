import { assertWhole, divideHalfUp } from '../contract/money-rounding.js';
import type { TdsSection } from '../contract/tds-rules.js';

export { TAN_PATTERN, TDS_RATES_BP, TDS_SECTIONS, type TdsSection } from '../contract/tds-rules.js';

/**
 * TDS on a firm's fees (docs/decisions/415): a client paying professional fees deducts income tax
 * at source and pays it to the government for the firm, so a receipt is what arrived plus what was
 * deducted, and the invoice settles on the sum. Never a credit note: the firm is owed nothing less.
 *
 * - section: 194J of the Income-tax Act 1961 for a payment before 1 April 2026, section 393 of the
 *   Income-tax Act 2025 from that day (the certificate names one or the other);
 * - rate: 10 % (1000 bp) for professional fees, 2 % (200 bp) for technical services, or as the
 *   client's certificate states; TDS is computed on the fee before GST when GST is shown apart;
 * - quarter: the Indian financial year's (April–June is Q1); the deductor's statement (Form 26Q)
 *   is due 31 July, 31 October, 31 January and 31 May, its certificate (Form 16A) fifteen days later:
 *   15 August, 15 November, 15 February and 15 June (docs/decisions/416).
 */

/** The day section 393 of the Income-tax Act 2025 replaces 194J. */
export const ACT_2025_FROM = '2026-04-01';

export const sectionOn = (paidOn: string): TdsSection => (paidOn < ACT_2025_FROM ? '194J' : '393');

/** `rateBp` of a fee before GST, half-up to the paisa. */
export function tdsOf(feeBeforeGst: number, rateBp: number): number {
  assertWhole('fee', feeBeforeGst);
  assertWhole('rate', rateBp, 10_000);
  return Number(divideHalfUp(BigInt(feeBeforeGst) * BigInt(rateBp), 10_000n));
}

export type TdsQuarter = {
  /** "2026-27 Q1": the financial year and its quarter, as the report groups by. */
  key: string;
  fy: string;
  quarter: 1 | 2 | 3 | 4;
  label: string;
  start: string;
  end: string;
  /** The deductor's quarterly statement (Form 26Q). */
  returnDue: string;
  /** The certificate (Form 16A), fifteen days after the statement. */
  certificateDue: string;
};

const QUARTERS = [
  { months: 'April–June', start: '04-01', end: '06-30', returnDue: '07-31', certificateDue: '08-15' },
  { months: 'July–September', start: '07-01', end: '09-30', returnDue: '10-31', certificateDue: '11-15' },
  { months: 'October–December', start: '10-01', end: '12-31', returnDue: '01-31', certificateDue: '02-15' },
  { months: 'January–March', start: '01-01', end: '03-31', returnDue: '05-31', certificateDue: '06-15' },
] as const;

/** The financial-year quarter of an ISO day (YYYY-MM-DD). */
export function quarterOf(day: string): TdsQuarter {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const fyStart = month >= 4 ? year : year - 1;
  const index = month >= 4 ? Math.floor((month - 4) / 3) : 3;
  const q = QUARTERS[index]!;
  const fy = `${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')}`;
  // Q4's days fall in the calendar year after the financial year's start; Q3's and Q4's due dates too.
  const inYear = index === 3 ? fyStart + 1 : fyStart;
  const dueYear = index >= 2 ? fyStart + 1 : fyStart;
  const quarter = (index + 1) as TdsQuarter['quarter'];
  return {
    key: `${fy} Q${quarter}`,
    fy,
    quarter,
    label: `Q${quarter} ${fy} (${q.months})`,
    start: `${inYear}-${q.start}`,
    end: `${inYear}-${q.end}`,
    returnDue: `${dueYear}-${q.returnDue}`,
    certificateDue: `${dueYear}-${q.certificateDue}`,
  };
}
