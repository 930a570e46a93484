/**
 * Paise as text, in one place for every page, PDF, mail, CSV, UPI link and form field
 * (docs/decisions/360). Zod-free, so the browser bundles it too, and grouped by hand so that the
 * server and the browser print the same text whatever their ICU data.
 *
 * The sign: a negative amount has its minus first, before the ₹ and the digits. People read the
 * typographic minus (U+2212, "−₹12.30"); programs (a spreadsheet, a form's value, UPI) read the
 * ASCII hyphen-minus ("-12.30"), which is what they parse.
 */

/** The minus that pages, PDFs and mails print before a negative amount. */
export const MINUS = '\u2212';

/** Amounts are whole paise; a fraction that slipped through is rounded, not cut off, and NaN or ∞ is a bug that throws. */
const wholePaise = (paise: number) => {
  if (!Number.isFinite(paise)) throw new RangeError(`An amount must be a number of paise (got ${paise})`);
  return Math.round(paise);
};

/** 1234567 → "1234567"; then Indian grouping: the last three digits, then pairs ("12,34,567"). */
const groupIndian = (whole: string) => {
  if (whole.length <= 3) return whole;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
};

/** Whether an amount is below zero, and its rupees and paise as digits: −1230 → [true, "12", "30"]. */
const parts = (paise: number): [boolean, string, string] => {
  const whole = wholePaise(paise);
  const abs = Math.abs(whole);
  return [whole < 0, String(Math.floor(abs / 100)), String(abs % 100).padStart(2, '0')];
};

/** An amount as people read it: 12345678 → "₹1,23,456.78", 1230 → "₹12.30", −1230 → "−₹12.30". */
export function formatPaise(paise: number): string {
  const [negative, rupees, rest] = parts(paise);
  return `${negative ? MINUS : ''}₹${groupIndian(rupees)}.${rest}`;
}

/** A price in a sentence: whole rupees without ".00" ("₹3,000 a year"), otherwise as formatPaise ("₹12,34,567.50"). */
export function formatPrice(paise: number): string {
  const [negative, rupees, rest] = parts(paise);
  return `${negative ? MINUS : ''}₹${groupIndian(rupees)}${rest === '00' ? '' : `.${rest}`}`;
}

/**
 * An amount as a program reads it: rupees with exactly two decimals, no grouping, an ASCII minus:
 * 1230 → "12.30" (never "12.3"), −50 → "-0.50". The CSV exports, the UPI link's `am` and the value
 * of a price field (which parseRupees reads back).
 */
export function paiseToDecimal(paise: number): string {
  const [negative, rupees, rest] = parts(paise);
  return `${negative ? '-' : ''}${rupees}.${rest}`;
}

/** "1,23,456.78" or "₹1,23,456.78" → paise; null when it is not an amount with at most 2 decimals. */
export function parseRupees(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
