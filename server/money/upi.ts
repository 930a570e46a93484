import QRCode from 'qrcode';
import { UPI_ID_MESSAGE, UPI_ID_PATTERN } from '../contract/billing-rules.js';
import { assertWhole } from '../contract/money-rounding.js';
import { paiseToDecimal } from '../contract/money-text.js';

/**
 * UPI payment links and their QR code (docs/decisions/255), after NPCI's UPI linking
 * specification: `upi://pay?pa=<VPA>&pn=<payee name>&tr=<reference>&tn=<note>&am=<rupees.paise>&cu=INR`,
 * each value percent-encoded. The invoice number goes in both `tr` (the transaction reference the
 * payee's bank reports back, so a payment is matched to its invoice) and `tn` (the note the payer
 * sees; decision 397). The QR is drawn on the server as SVG by `qrcode` (no network, no canvas).
 */

export type UpiPayment = {
  /** The payee's UPI ID. */
  payeeAddress: string;
  /** The payee's name as the payer's app shows it. */
  payeeName: string;
  /** Paise; 0 or absent leaves the amount to the payer. */
  amount?: number;
  /** The note: the invoice number. */
  note?: string;
  /** The transaction reference (`tr`, at most 35 characters): the invoice number. */
  reference?: string;
};

/** Paise as UPI's `am`: rupees with two decimals, "120000.50". */
export function upiAmount(paise: number): string {
  assertWhole('amount', paise);
  return paiseToDecimal(paise);
}

export function upiPayUri(payment: UpiPayment): string {
  if (!UPI_ID_PATTERN.test(payment.payeeAddress)) throw new RangeError(UPI_ID_MESSAGE);
  const name = payment.payeeName.trim();
  if (!name) throw new RangeError('A UPI payment needs the payee name');
  const params: Array<[string, string]> = [
    ['pa', payment.payeeAddress],
    // Apps show at most ~50 characters of the name and note; longer ones are cut, not refused.
    ['pn', name.slice(0, 50)],
  ];
  if (payment.reference?.trim()) params.push(['tr', payment.reference.trim().slice(0, 35)]);
  if (payment.amount) params.push(['am', upiAmount(payment.amount)]);
  if (payment.note?.trim()) params.push(['tn', payment.note.trim().slice(0, 50)]);
  params.push(['cu', 'INR']);
  // encodeURIComponent leaves "@" encoded as %40 in pa; UPI apps accept both, and the
  // specification's examples write it plain, so it is kept readable.
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%40/g, '@')}`).join('&')}`;
}

/** The QR code of `text` as an SVG document (black on white, a quiet zone of 4 modules, error correction M). */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } });
}
