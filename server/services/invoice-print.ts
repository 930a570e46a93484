import { isoDay } from '../contract/dates.js';
import { isId } from '../contract/http.js';
import { documentTitle, INVOICE_MESSAGES as M, type Invoice, type InvoicePrint, type ReceiptPrint } from '../contract/invoices.js';
import type { Database } from '../db/connection.js';
import { badRequest, notFound } from '../errors.js';
import { BILLING_DEFAULTS } from '../contract/billing-rules.js';
import { formatPrice } from '../contract/money-text.js';
import { findInvoice, findPayment, invoiceJson, toPaymentJson, type InvoiceRow } from '../queries/invoices.js';
import { placeOfSupplyText } from '../contract/gstin-rules.js';
import { documentAmounts, inputsOf } from '../money/totals.js';
import { qrSvg, upiPayUri } from '../money/upi.js';
import { amountInWords } from '../money/words.js';
import { parseQuantity } from '../contract/quantity.js';
import { findBillingProfile } from '../queries/billing.js';
import { signatureDataUrl } from './print-images.js';
import type { Storage } from './storage/storage.js';

/**
 * What the Tax Invoice PDF prints beyond the stored invoice (docs/decisions/281): the title (a tax
 * invoice only when the issuer has a GSTIN), the amount in words, the rate-wise tax summary and the
 * UPI link with its QR code for what is still owed (none once paid, or without a UPI ID).
 */
/** CGST rule 46(f) and (p), on every document: the place of supply with its code, tax on reverse charge. */
const particulars = (invoice: Invoice) => ({ placeOfSupplyText: placeOfSupplyText(invoice.placeOfSupply), reverseCharge: invoice.seller?.reverseCharge ? ('Yes' as const) : ('No' as const) });

export async function invoicePrint(invoice: Invoice, original: InvoicePrint['original'] = null, part?: number, signature: string | null = null): Promise<InvoicePrint> {
  const seller = invoice.seller;
  const owed = invoice.status === 'draft' ? invoice.total : invoice.outstanding;
  const upiLimit = seller?.upiLimit ?? BILLING_DEFAULTS.upiLimit;
  // Above the limit no bank takes the whole amount in one UPI payment: no QR for it (decision 397).
  const upiOverLimit = owed > upiLimit;
  if (part !== undefined && part > owed) throw badRequest(M.moreThanOutstanding, [{ path: 'upiAmount', message: M.moreThanOutstanding }]);
  if (part !== undefined && part > upiLimit) {
    const message = M.aboveUpiLimit(formatPrice(upiLimit));
    throw badRequest(message, [{ path: 'upiAmount', message }]);
  }
  const upiAmount = part ?? (upiOverLimit ? null : owed);
  let upiUri: string | null = null;
  if (seller?.upiId && upiAmount && upiAmount > 0 && invoice.kind === 'invoice') {
    try {
      const number = invoice.number ?? undefined;
      upiUri = upiPayUri({ payeeAddress: seller.upiId, payeeName: seller.legalName, amount: upiAmount, note: number, reference: number });
    } catch {
      // A UPI ID the profile's rules no longer accept prints no QR rather than failing the PDF.
      upiUri = null;
    }
  }
  // gross = taxable + discount (taxable is gross − discount: server/money/gst.ts).
  const lines = invoice.lines.map((l) => ({ ...l, quantityMilli: parseQuantity(l.quantity) ?? 0, gross: l.taxable + l.discount, tax: l.cgst + l.sgst + l.igst }));
  return {
    invoice,
    title: documentTitle(invoice.kind, seller?.gstin ?? ''),
    amountInWords: amountInWords(invoice.total),
    ...particulars(invoice),
    original,
    signature,
    upiUri,
    qrSvg: upiUri ? await qrSvg(upiUri) : null,
    upiAmount: upiUri ? upiAmount : null,
    upiLimit,
    upiOverLimit,
    byRate: documentAmounts(inputsOf(lines), invoice.supply).byRate,
  };
}

/** What a document is printed from: the database, and the storage its issuer's signature is kept in. */
export type PrintSources = { db: Database; storage: Storage };

/**
 * CGST rule 46(q): the issuer's signature as it now is (decision 402), read from its own billing
 * profile only (the platform, issuing its subscription invoices, has none: the words print).
 */
async function issuerSignature({ db, storage }: PrintSources, issuerId: string): Promise<string | null> {
  const profile = await findBillingProfile(db, issuerId);
  return signatureDataUrl(storage, profile?.signatureKey);
}

/** The print data of a stored invoice (a firm's, or the platform's subscription invoice); a credit note names its invoice. */
export async function printOfInvoice(sources: PrintSources, row: InvoiceRow, upiPart?: number) {
  const { db } = sources;
  const [invoice, signature] = await Promise.all([invoiceJson(db, row, isoDay(new Date())), issuerSignature(sources, row.issuerId)]);
  const credited = row.kind === 'credit-note' && row.creditFor ? await findInvoice(db, row.issuerId, row.creditFor) : undefined;
  return invoicePrint(invoice, credited?.number ? { number: credited.number, issueDate: credited.issueDate } : null, upiPart, signature);
}

/** A payment's receipt: the invoice it pays, the payment and its amount in words; 404 for a payment of another invoice. */
export async function receiptOfPayment(sources: PrintSources, row: InvoiceRow, paymentId: string): Promise<ReceiptPrint> {
  const { db } = sources;
  const payment = isId(paymentId) ? await findPayment(db, row.id, paymentId) : undefined;
  if (!payment) throw notFound(M.paymentNotFound);
  const [invoice, signature] = await Promise.all([invoiceJson(db, row, isoDay(new Date())), issuerSignature(sources, row.issuerId)]);
  return { invoice, payment: toPaymentJson(payment), amountInWords: amountInWords(payment.amount), ...particulars(invoice), signature };
}
