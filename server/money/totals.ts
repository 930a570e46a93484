import { assertWhole } from '../contract/money-rounding.js';
import { lineAmounts, type LineAmounts, type LineInput, type SupplyKind } from './gst.js';

/**
 * A document's totals (invoice, proposal, credit note; docs/decisions/255): every line is taxed on
 * its own (gst.ts), and the document's figures are the sums of its lines' figures. Nothing is
 * taxed or rounded again at the document level, so the totals always equal the sum of the lines
 * and the printed rate-wise summary adds up to the grand total.
 */

/**
 * Place of supply (IGST Act s. 12, services to a recipient whose address is on record): the
 * client's state. The same state as the firm's → intra-state (CGST + SGST); another state, or
 * a client abroad (no Indian state) → inter-state (IGST). States compare by name, as stored.
 */
export function supplyKind(firmState: string, clientState: string | null | undefined): SupplyKind {
  const norm = (s: string) => s.trim().toLowerCase();
  return clientState && norm(clientState) === norm(firmState) ? 'intra' : 'inter';
}

export type Totals = {
  gross: number;
  discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  total: number;
};

export type RateSummary = Omit<Totals, 'gross' | 'discount' | 'total'> & { rateBp: number };

export type DocumentAmounts = {
  supply: SupplyKind;
  lines: LineAmounts[];
  totals: Totals;
  /** One row per rate used, lowest rate first: the tax summary an invoice prints. */
  byRate: RateSummary[];
};

const ZERO: Totals = { gross: 0, discount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, tax: 0, total: 0 };
const FIELDS = Object.keys(ZERO) as Array<keyof Totals>;

/** The sums of several lines' figures. */
export function sumLines(lines: readonly LineAmounts[]): Totals {
  const totals = { ...ZERO };
  for (const line of lines) for (const field of FIELDS) totals[field] += line[field];
  return totals;
}

/** The sum of several amounts in paise (each whole and within MAX_PAISE). */
export function sumPaise(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => {
    assertWhole('amount', amount);
    return sum + amount;
  }, 0);
}

/** The inputs a line's figures were computed from: documentAmounts(inputsOf(x.lines)) gives x again. */
export const inputsOf = (lines: readonly LineAmounts[]): LineInput[] =>
  lines.map(({ quantityMilli, unitPrice, discount, rateBp }) => ({ quantityMilli, unitPrice, discount, rateBp }));

/** Every line's figures, the document's totals and the rate-wise summary. */
export function documentAmounts(lines: readonly LineInput[], supply: SupplyKind): DocumentAmounts {
  const amounts = lines.map((line) => lineAmounts(line, supply));
  const rates = [...new Set(amounts.map((a) => a.rateBp))].sort((a, b) => a - b);
  const byRate = rates.map((rateBp) => {
    const { taxable, cgst, sgst, igst, tax } = sumLines(amounts.filter((a) => a.rateBp === rateBp));
    return { rateBp, taxable, cgst, sgst, igst, tax };
  });
  return { supply, lines: amounts, totals: sumLines(amounts), byRate };
}
