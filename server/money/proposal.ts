import { lineAmounts, type LineAmounts } from './gst.js';
import { divideHalfUp } from '../contract/money-rounding.js';
import { sumLines, type Totals } from './totals.js';

/**
 * A client proposal's figures (docs/decisions/286). A proposal goes to a client
 * before their place of supply matters, so its tax is one GST figure per line (the whole tax, as
 * IGST would carry it: CGST + SGST split the same amount, decision 255). Each line is the summary
 * item's client price: quantity × unit retail price less the item's discount, the discount taken
 * in paise so the line's value is exactly the editor's client price.
 */

export type ProposalItemInput = {
  /** Paise per unit. */
  retailPrice: number;
  /** Thousandths of the item's unit (decision 403). */
  quantityMilli: number;
  /** Basis points of the line's gross. */
  discountBp: number;
  /** GST rate in basis points. */
  rateBp: number;
};

/**
 * The item's discount in paise: the line's gross (quantity × price, half-up once) less the
 * editor's client price (retail × quantity × (1 − discount %), half-up once), so the line's value
 * is exactly the client price for a fractional quantity too (decision 403).
 */
export function discountPaise(retailPrice: number, quantityMilli: number, discountBp: number): number {
  const exact = BigInt(retailPrice) * BigInt(quantityMilli);
  return Number(divideHalfUp(exact, 1_000n) - divideHalfUp(exact * BigInt(10_000 - discountBp), 10_000_000n));
}

/** One proposal line's figures: taxable = the client price, tax = GST on it, total = both. */
export function proposalLine(item: ProposalItemInput): LineAmounts {
  return lineAmounts(
    { quantityMilli: item.quantityMilli, unitPrice: item.retailPrice, discount: discountPaise(item.retailPrice, item.quantityMilli, item.discountBp), rateBp: item.rateBp },
    'inter',
  );
}

/** The totals of a group of lines (a section, a room, the proposal): sums, nothing rounded again. */
export const proposalTotals = (lines: readonly LineAmounts[]): Totals => sumLines(lines);
