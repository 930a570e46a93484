import { assertWhole, divideHalfUp } from '../contract/money-rounding.js';

/**
 * Where an invoice stands (docs/decisions/281): what is still owed after credit notes and payments,
 * the status that follows from it, and a milestone's share of an amount. Pure, integer paise.
 *
 * - outstanding = total − credited − received, never below 0 (a payment or credit note above
 *   what is owed is refused before it is recorded, so the floor only guards old data);
 * - status: Paid when nothing is owed and something was received or credited; Part paid when
 *   something was received and something is owed; Issued otherwise;
 * - overdue: something is owed and the due date (a calendar day) is before today.
 */

export type InvoiceStatus = 'draft' | 'issued' | 'part_paid' | 'paid' | 'void';

export type Balance = { total: number; credited: number; received: number };

export function outstandingOf(b: Balance): number {
  assertWhole('total', b.total);
  assertWhole('credited', b.credited);
  assertWhole('received', b.received);
  return Math.max(0, b.total - b.credited - b.received);
}

/** The status of an issued invoice from its figures. */
export function issuedStatus(b: Balance): Exclude<InvoiceStatus, 'draft' | 'void'> {
  const owed = outstandingOf(b);
  if (owed === 0 && b.total > 0) return 'paid';
  if (owed === 0) return b.received > 0 || b.credited > 0 ? 'paid' : 'issued';
  return b.received > 0 ? 'part_paid' : 'issued';
}

/** Whether an amount may be taken off what is owed (a payment, a credit note): 1 paisa up to the outstanding. */
export function fitsOutstanding(b: Balance, amount: number): boolean {
  return Number.isSafeInteger(amount) && amount >= 1 && amount <= outstandingOf(b);
}

/** Days are ISO calendar days (YYYY-MM-DD), compared as text. */
export const isOverdue = (b: Balance, dueDate: string | null, today: string) => dueDate !== null && outstandingOf(b) > 0 && dueDate < today;

/** `bp` basis points of `amount` (a milestone of 30 % = 3000), half-up to the paisa. */
export function shareOf(amount: number, bp: number): number {
  assertWhole('amount', amount);
  assertWhole('share', bp, 10_000);
  return Number(divideHalfUp(BigInt(amount) * BigInt(bp), 10_000n));
}

/**
 * The line-level discount that makes quantity × unit price come to `clientPrice` (a summary item's
 * own rounding); the quantity in thousandths, the gross rounded half-up once as a line's is.
 */
export function discountTo(quantityMilli: number, unitPrice: number, clientPrice: number): number {
  assertWhole('client price', clientPrice);
  const gross = Number(divideHalfUp(BigInt(quantityMilli) * BigInt(unitPrice), 1_000n));
  if (clientPrice > gross) throw new RangeError('a client price above quantity × unit price');
  return gross - clientPrice;
}

/**
 * The round-off that brings `total` paise to the nearest rupee, half a rupee up (decision 408),
 * from −49 to +50 paise: ₹88,500.60 → +40 (₹88,501.00); ₹88,500.40 → −40; ₹12,345.50 → +50.
 */
export function roundOffToRupee(total: number): number {
  assertWhole('total', total);
  return Number(divideHalfUp(BigInt(total), 100n)) * 100 - total;
}
