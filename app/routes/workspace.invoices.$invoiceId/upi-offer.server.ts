import { getInvoicePrint } from '~/models/invoices.server';
import type { Invoice } from '../../../server/contract/invoices';
import { INVOICE_MESSAGES as M } from '../../../server/contract/invoices-rules';
import { BILLING_DEFAULTS } from '../../../server/contract/billing-rules';
import { formatPrice, paiseToDecimal, parseRupees } from '../../../server/contract/money-text';

export type UpiOfferData = {
  /** The QR (SVG) and link for `amount` paise, or none while no part is asked for above the limit. */
  qrSvg: string | null;
  upiUri: string | null;
  amount: number | null;
  limit: number;
  overLimit: boolean;
  /** The amount field as typed (rupees), and its problem. */
  typed: string;
  error: string | null;
};

/**
 * What the invoice page offers for paying by UPI (decision 397): the QR for what is owed when it is
 * within the firm's UPI limit; above it, a form (a plain GET, so it works without JavaScript) that
 * asks for a part within the limit and shows that part's QR. None without a UPI ID or when nothing is owed.
 */
export async function upiOffer(request: Request, invoice: Invoice): Promise<UpiOfferData | null> {
  const open = invoice.status === 'issued' || invoice.status === 'part_paid';
  if (!open || invoice.kind !== 'invoice' || !invoice.seller?.upiId || invoice.outstanding <= 0) return null;
  const limit = invoice.seller.upiLimit ?? BILLING_DEFAULTS.upiLimit;
  const typed = new URL(request.url).searchParams.get('upi')?.trim() ?? '';
  let part: number | undefined;
  let error: string | null = null;
  if (typed) {
    const paise = parseRupees(typed);
    if (!paise) error = paise === 0 ? M.amountPositive : M.amount;
    else if (paise > invoice.outstanding) error = M.moreThanOutstanding;
    else if (paise > limit) error = M.aboveUpiLimit(formatPrice(limit));
    else part = paise;
  }
  const print = await getInvoicePrint(request, invoice.id, part);
  return { qrSvg: print.qrSvg, upiUri: print.upiUri, amount: print.upiAmount, limit, overLimit: print.upiOverLimit, typed: typed || (print.upiOverLimit ? paiseToDecimal(limit) : ''), error };
}
