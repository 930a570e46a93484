import { isRealDay } from '../contract/dates.js';
import { parseRupees } from '../contract/money-text.js';
import { quarterOf } from './tds.js';

/**
 * A Form 26AS text download (TRACES "Export as Text": `^`-separated) or an AIS TDS CSV, read into
 * the TDS each deductor reported for the firm (docs/decisions/416): one entry per transaction, in
 * paise, dated as ISO days and placed in its financial-year quarter. Pure: the caller matches the
 * entries against the payments recorded with TDS and the certificates received.
 *
 * 26AS Part I lists each deductor ("1^NAME^TAN^…^totals") followed by its transactions
 * ("^1^section^15-May-2026^F^31-Jul-2026^-^paid^deducted^deposited"); later parts (15G/15H,
 * TCS…) are not TDS on fees and are skipped. The AIS CSV has a header naming its columns.
 */

export type Form26asEntry = {
  tan: string;
  deductorName: string;
  section: string;
  /** ISO day of the payment or credit. */
  transactionDate: string;
  /** "2026-27 Q1". */
  quarter: string;
  /** F (final), U (unmatched), P (provisional), M, Z…; '' when the source has none. */
  bookingStatus: string;
  amountPaid: number;
  taxDeducted: number;
  deposited: number;
};

export type Form26asResult = { entries: Form26asEntry[]; problems: string[] };

const MONTHS: Record<string, string> = { jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06', jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12' };

/** "15-May-2026", "15-05-2026" or "15/05/2026" as an ISO day, or null. */
export function parseTracesDay(text: string): string | null {
  const m = /^(\d{1,2})[-/ ]([A-Za-z]{3}|\d{1,2})[-/ ](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const month = /\d/.test(m[2]!) ? m[2]!.padStart(2, '0') : MONTHS[m[2]!.toLowerCase()];
  if (!month) return null;
  const iso = `${m[3]}-${month}-${m[1]!.padStart(2, '0')}`;
  return isRealDay(iso) ? iso : null;
}

/** Rupees as the downloads write them ("10000.00", "1,00,000.00") in paise, or null. */
const amount = (text: string) => parseRupees(text.replace(/,/g, '').trim());

function entry(fields: { tan: string; deductorName: string; section: string; date: string; status: string; paid: string; deducted: string; deposited: string }, where: string, problems: string[]): Form26asEntry | null {
  const transactionDate = parseTracesDay(fields.date);
  const [amountPaid, taxDeducted, deposited] = [amount(fields.paid), amount(fields.deducted), amount(fields.deposited)];
  if (!transactionDate || amountPaid === null || taxDeducted === null || deposited === null) {
    problems.push(`${where}: not a date and three amounts`);
    return null;
  }
  return { tan: fields.tan.trim().toUpperCase(), deductorName: fields.deductorName.trim(), section: fields.section.trim(), transactionDate, quarter: quarterOf(transactionDate).key, bookingStatus: fields.status.trim(), amountPaid, taxDeducted, deposited };
}

function parseText(text: string): Form26asResult {
  const entries: Form26asEntry[] = [];
  const problems: string[] = [];
  let inPartOne = false;
  let deductor: { name: string; tan: string } | null = null;
  text.split(/\r?\n/).forEach((line, index) => {
    if (/^PART-I\b/i.test(line) && !/^PART-II/i.test(line)) inPartOne = true;
    else if (/^PART-/i.test(line)) inPartOne = false;
    if (!inPartOne) return;
    const cells = line.split('^');
    if (/^\d+$/.test(cells[0] ?? '') && cells.length >= 3) deductor = { name: cells[1] ?? '', tan: cells[2] ?? '' };
    else if (cells[0] === '' && /^\d+$/.test(cells[1] ?? '') && deductor) {
      const e = entry({ tan: deductor.tan, deductorName: deductor.name, section: cells[2] ?? '', date: cells[3] ?? '', status: cells[4] ?? '', paid: cells[7] ?? '', deducted: cells[8] ?? '', deposited: cells[9] ?? '' }, `Line ${index + 1}`, problems);
      if (e) entries.push(e);
    }
  });
  if (!entries.length && !problems.length) problems.push('No TDS transactions found: download Form 26AS as text (or the AIS TDS details as CSV) and try again');
  return { entries, problems };
}

/** One CSV line's cells (quotes and doubled quotes as RFC 4180 writes them). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

function parseCsv(text: string): Form26asResult {
  const [head, ...lines] = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim());
  const names = csvCells(head ?? '').map((h) => h.trim().toUpperCase());
  const column = (...options: string[]) => names.findIndex((n) => options.some((o) => n.includes(o)));
  const at = { tan: column('TAN'), name: column('INFORMATION SOURCE', 'NAME OF DEDUCTOR', 'DEDUCTOR'), section: column('SECTION'), date: column('DATE OF PAYMENT', 'TRANSACTION DATE'), paid: column('AMOUNT PAID'), deducted: column('TDS DEDUCTED', 'TAX DEDUCTED'), deposited: column('TDS DEPOSITED'), status: column('STATUS') };
  if ([at.tan, at.date, at.paid, at.deducted].some((i) => i < 0)) return { entries: [], problems: ['The CSV has no TAN, date, amount paid and TDS deducted columns'] };
  const entries: Form26asEntry[] = [];
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const cells = csvCells(line);
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '') : '');
    const e = entry({ tan: cell(at.tan), deductorName: cell(at.name), section: cell(at.section), date: cell(at.date), status: cell(at.status), paid: cell(at.paid), deducted: cell(at.deducted), deposited: at.deposited >= 0 ? cell(at.deposited) : cell(at.deducted) }, `Row ${index + 2}`, problems);
    if (e) entries.push(e);
  });
  return { entries, problems };
}

/** Either download, told apart by its first line (26AS text starts with its creation date, `^`-separated). */
export function parseForm26as(text: string): Form26asResult {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return first.includes('^') || /PART-I\b/.test(text) ? parseText(text) : parseCsv(text);
}

/** Per deductor's TAN and quarter: TDS reported and TDS deposited, in paise. */
export function reportedByTanAndQuarter(entries: ReadonlyArray<Form26asEntry>): Map<string, { tan: string; quarter: string; deductorName: string; deducted: number; deposited: number }> {
  const sums = new Map<string, { tan: string; quarter: string; deductorName: string; deducted: number; deposited: number }>();
  for (const e of entries) {
    const key = `${e.tan} ${e.quarter}`;
    const row = sums.get(key) ?? { tan: e.tan, quarter: e.quarter, deductorName: e.deductorName, deducted: 0, deposited: 0 };
    row.deducted += e.taxDeducted;
    row.deposited += e.deposited;
    sums.set(key, row);
  }
  return sums;
}
