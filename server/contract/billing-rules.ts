/**
 * The plain rules of money documents that forms and the api share (docs/decisions/255, 256): GST
 * rates, the document-number prefix, the UPI ID. No zod, no imports: the api's money module
 * (server/money/) computes with these, the contract's schemas validate with them.
 */

/** GST rates in basis points (1800 = 18 %): the slabs of the GST schedules, old and new (40 % from 22 Sep 2025). */
export const GST_RATES_BP = [0, 10, 25, 150, 300, 500, 1200, 1800, 2800, 4000] as const;
export type GstRateBp = (typeof GST_RATES_BP)[number];

export function isGstRate(bp: number): bp is GstRateBp {
  return (GST_RATES_BP as readonly number[]).includes(bp);
}

/** "18 %", "0.25 %": a rate as printed. */
export const formatRate = (bp: number) => `${bp / 100} %`;

/** A document-number prefix: 1–5 upper-case letters or digits ("MSA", "INV"). */
export const PREFIX_PATTERN = /^[A-Z0-9]{1,5}$/;
export const PREFIX_MESSAGE = 'The prefix is 1 to 5 capital letters or digits (like MSA)';

/** A UPI ID (virtual payment address): handle@bank. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export const UPI_ID_MESSAGE = 'A UPI ID looks like name@bank';
