/**
 * Exact integer arithmetic for money (docs/decisions/255). Every amount is a whole number of
 * paise held in a JavaScript number; products that could pass 2^53 are taken in BigInt.
 */

/** The largest amount the module accepts anywhere, in paise (₹1,000 crore): totals stay exact far below 2^53. */
export const MAX_PAISE = 10_000_000_000_000;

/** numerator ÷ denominator rounded half-up (both non-negative): 0.5 paisa goes up. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divideHalfUp takes a non-negative numerator and a positive denominator');
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Throws unless `value` is a whole number of paise (or units) from 0 to `max`. */
export function assertWhole(name: string, value: number, max = MAX_PAISE): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be a whole number from 0 to ${max} (got ${value})`);
  }
}
