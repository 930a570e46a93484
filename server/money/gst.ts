import { isGstRate } from '../contract/billing-rules.js';
import { assertWhole, divideHalfUp, MAX_PAISE } from '../contract/money-rounding.js';

/**
 * GST on one invoice line (docs/decisions/255). Pure: no HTTP, no database.
 *
 * - taxable value = quantity × unit price − discount (a discount in paise for the whole line,
 *   never more than quantity × unit price, so no line is negative);
 * - tax = taxable × rate, rounded half-up to the paisa, once per line at the line's rate;
 * - within one state (the client's state is the firm's: intra-state supply) the tax is split into
 *   CGST and SGST, half each; an odd paisa goes to CGST (CGST = ⌈tax ÷ 2⌉, SGST = ⌊tax ÷ 2⌋), so
 *   the two always add up to the same tax the line would carry as IGST;
 * - across states (inter-state supply) the whole tax is IGST.
 */

/** Intra-state: CGST + SGST. Inter-state: IGST. */
export type SupplyKind = 'intra' | 'inter';

/** The largest quantity of one line (whole units; the summary's own cap). */
export const MAX_QUANTITY = 100_000;

export type LineInput = {
  /** Whole units. */
  quantity: number;
  /** Paise per unit. */
  unitPrice: number;
  /** Paise off the whole line (0 when none). */
  discount: number;
  /** Basis points, one of GST_RATES_BP. */
  rateBp: number;
};

export type TaxSplit = { cgst: number; sgst: number; igst: number };

export type LineAmounts = TaxSplit & {
  quantity: number;
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

/** A tax split by the kind of supply: IGST whole, or CGST ⌈½⌉ + SGST ⌊½⌋ (the odd paisa to CGST). */
export function splitTax(tax: number, supply: SupplyKind): TaxSplit {
  assertWhole('tax', tax);
  if (supply === 'inter') return { cgst: 0, sgst: 0, igst: tax };
  const sgst = Math.floor(tax / 2);
  return { cgst: tax - sgst, sgst, igst: 0 };
}

/** Every figure of one line. Throws RangeError on amounts that are not whole, negative or too large. */
export function lineAmounts(line: LineInput, supply: SupplyKind): LineAmounts {
  assertWhole('quantity', line.quantity, MAX_QUANTITY);
  assertWhole('unit price', line.unitPrice);
  assertWhole('discount', line.discount);
  const grossBig = BigInt(line.quantity) * BigInt(line.unitPrice);
  if (grossBig > BigInt(MAX_PAISE)) throw new RangeError(`quantity × unit price is more than ${MAX_PAISE} paise`);
  const gross = Number(grossBig);
  if (line.discount > gross) throw new RangeError('the discount is more than the line is worth');
  const taxable = gross - line.discount;
  const tax = taxOn(taxable, line.rateBp);
  return { quantity: line.quantity, unitPrice: line.unitPrice, gross, discount: line.discount, taxable, rateBp: line.rateBp, tax, ...splitTax(tax, supply), total: taxable + tax };
}
