/**
 * A rating's text (docs/decisions/410), apart from the rest of reviews-rules.ts: the directory
 * and explore cards show ratings, so this is all of reviews their first load carries.
 * Averages are integers in hundredths (4.67 is 467), never floating point.
 */

/** Hundredths as the one-decimal text a page shows ("4.7"), half up. */
export function ratingText(centi: number): string {
  const tenths = Math.floor((centi + 5) / 10);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** Hundredths as schema.org's ratingValue text ("4.67", "5"): exact, no float. */
export function ratingValueText(centi: number): string {
  const whole = Math.floor(centi / 100);
  const rest = centi % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

export const reviewCountLabel = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);
