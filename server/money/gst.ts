import { isGstRate } from '../contract/billing-rules.js';
import { assertWhole, divideHalfUp, MAX_PAISE } from '../contract/money-rounding.js';

/**
 * GST on one invoice line (docs/decisions/255). Pure: no HTTP, no database.
 *
 * - gross = quantity × unit price, the quantity kept exactly in thousandths of its unit (12.5 m
 *   of fabric is 12500; decision 407), rounded half-up to the paisa once per line; whole
 *   quantities are exact;
 * - taxable value = gross − discount (a discount in paise for the whole line, never more than the
 *   gross, so no line is negative);
 * - tax = taxable × rate, rounded half-up to the paisa, once per line at the line's rate;
 * - within one state (the client's state is the firm's: intra-state supply) CGST and SGST are each
 *   computed on their own at half the rate, each rounded half-up to the paisa (CGST rule 46(j)
 *   asks for the rate and amount of each tax; decision 395): on ₹75,000.50 at 18 % both are
 *   ₹6,750.05, and the line's tax is their sum (it may be a paisa more than the IGST figure);
 * - across states (inter-state supply) the whole tax is IGST at the full rate.
 */

/** Intra-state: CGST + SGST. Inter-state: IGST. */
export type SupplyKind = 'intra' | 'inter';

/** The largest quantity of one line in whole units (the summary's own cap). */
export const MAX_QUANTITY = 100_000;
/** A quantity is kept in thousandths of its unit (decision 407): 1 NOS is 1000, 3.25 SQM is 3250. */
export const QUANTITY_SCALE = 1000;

export type LineInput = {
  /** Thousandths of the line's unit (QUANTITY_SCALE per unit). */
  quantityMilli: number;
  /** Paise per unit. */
  unitPrice: number;
  /** Paise off the whole line (0 when none). */
  discount: number;
  /** Basis points, one of GST_RATES_BP. */
  rateBp: number;
};

export type TaxSplit = { cgst: number; sgst: number; igst: number };

export type LineAmounts = TaxSplit & {
  quantityMilli: number;
  unitPrice: number;
  /** quantity × unit price, before the discount. */
  gross: number;
  discount: number;
  /** gross − discount: the value GST is charged on. */
  taxable: number;
  rateBp: number;
  /** cgst + sgst + igst. */
  tax: number;
  /** taxable + tax. */
  total: number;
};

/** Tax at `rateBp` on `taxable` paise, half-up to the paisa. */
export function taxOn(taxable: number, rateBp: number): number {
  assertWhole('taxable value', taxable);
  if (!isGstRate(rateBp)) throw new RangeError(`${rateBp} basis points is not a GST rate`);
  return Number(divideHalfUp(BigInt(taxable) * BigInt(rateBp), 10_000n));
}

/** CGST (or SGST) on `taxable` paise: at half the line's rate, half-up to the paisa, on its own (decision 395). */
export function halfRateTax(taxable: number, rateBp: number): number {
  assertWhole('taxable value', taxable);
  if (!isGstRate(rateBp)) throw new RangeError(`${rateBp} basis points is not a GST rate`);
  // Half of 0.25 % is 0.125 %: divide by 20,000 rather than halving the rate first.
  return Number(divideHalfUp(BigInt(taxable) * BigInt(rateBp), 20_000n));
}

/** The taxes of a taxable value by the kind of supply: IGST at the full rate, or CGST and SGST each at half. */
export function taxesOn(taxable: number, rateBp: number, supply: SupplyKind): TaxSplit {
  if (supply === 'inter') return { cgst: 0, sgst: 0, igst: taxOn(taxable, rateBp) };
  const half = halfRateTax(taxable, rateBp);
  return { cgst: half, sgst: half, igst: 0 };
}

/** Every figure of one line. Throws RangeError on amounts that are not whole, negative or too large. */
export function lineAmounts(line: LineInput, supply: SupplyKind): LineAmounts {
  assertWhole('quantity', line.quantityMilli, MAX_QUANTITY * QUANTITY_SCALE);
  assertWhole('unit price', line.unitPrice);
  assertWhole('discount', line.discount);
  const grossBig = divideHalfUp(BigInt(line.quantityMilli) * BigInt(line.unitPrice), BigInt(QUANTITY_SCALE));
  if (grossBig > BigInt(MAX_PAISE)) throw new RangeError(`quantity × unit price is more than ${MAX_PAISE} paise`);
  const gross = Number(grossBig);
  if (line.discount > gross) throw new RangeError('the discount is more than the line is worth');
  const taxable = gross - line.discount;
  const split = taxesOn(taxable, line.rateBp, supply);
  const tax = split.cgst + split.sgst + split.igst;
  return { quantityMilli: line.quantityMilli, unitPrice: line.unitPrice, gross, discount: line.discount, taxable, rateBp: line.rateBp, tax, ...split, total: taxable + tax };
}
