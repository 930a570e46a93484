/**
 * Exact integer arithmetic for money (docs/decisions/255): every amount is a whole number of paise
 * held in a JavaScript number; products that could pass 2^53 are taken in BigInt. This is the one
 * rounding helper of the product (docs/decisions/360): GST, discounts, milestones, markups and an
 * item's client price all divide through it, in the browser as on the server.
 */

/** The largest amount the money module accepts anywhere, in paise (₹1,000 crore): totals stay exact far below 2^53. */
export const MAX_PAISE = 10_000_000_000_000;

/**
 * numerator ÷ denominator rounded to the nearest whole number, a half away from zero: 0.5 paisa
 * goes up, −0.5 goes down to −1 (so a negative figure is the mirror of the positive one). The
 * denominator may not be 0.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('divideHalfUp cannot divide by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Throws unless `value` is a whole number of paise (or units) from 0 to `max`. */
export function assertWhole(name: string, value: number, max = MAX_PAISE): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be a whole number from 0 to ${max} (got ${value})`);
  }
}
