import { formatCalendarDay } from '../contract/dates.js';
import { INVOICE_MESSAGES as M, type Party } from '../contract/invoices.js';
import { formatPaise } from '../contract/money-text.js';
import type { Database } from '../db/connection.js';
import { badRequest, conflict } from '../errors.js';
import { outstandingOf } from '../money/balance.js';
import { upiPayUri } from '../money/upi.js';
import { claimDueReminders, unclaimReminder, updateInvoice } from '../queries/invoice-writes.js';
import type { InvoiceRow } from '../queries/invoices.js';
import type { FirmMail } from './firm-mail.js';

/**
 * Invoice mail (docs/decisions/282): the invoice to its client with the Tax Invoice PDF the web
 * printed, and the optional reminder N days after the due date. Both go through FirmMail
 * (verified firms only, the firm's allowance, audited: decision 235).
 */

const MAX_PDF_BYTES = 3 * 1024 * 1024;

/** How to pay, as the mail says it: the UPI link and the bank account. */
function howToPay(seller: Party | null, amount: number, number: string): string {
  if (!seller) return '';
  const lines: string[] = [];
  if (seller.upiId) {
    try {
      lines.push(`UPI: ${upiPayUri({ payeeAddress: seller.upiId, payeeName: seller.legalName, amount, note: number })}`);
    } catch {
      lines.push(`UPI ID: ${seller.upiId}`);
    }
  }
  if (seller.bankAccountNumber) lines.push(`Bank transfer: ${seller.bankAccountName} · A/c ${seller.bankAccountNumber} · IFSC ${seller.bankIfsc}`);
  return lines.length ? `\n\nHow to pay:\n${lines.join('\n')}` : '';
}

export function invoiceMailText(row: InvoiceRow, reminder: boolean): { subject: string; text: string } {
  const seller = row.seller;
  const owed = outstandingOf(row);
  const due = row.dueDate ? formatCalendarDay(row.dueDate) : '';
  const name = row.buyer?.legalName ?? '';
  const subject = reminder ? `Reminder: invoice ${row.number} was due on ${due}` : `Invoice ${row.number} from ${seller?.legalName ?? ''}`;
  const opening = reminder
    ? `This is a reminder that invoice ${row.number} of ${formatPaise(row.total)} was due on ${due}; ${formatPaise(owed)} is outstanding.`
    : `Please find attached invoice ${row.number} of ${formatPaise(row.total)}, due on ${due}.`;
  const text = `Dear ${name},\n\n${opening}${howToPay(seller, owed, row.number ?? '')}\n\nThank you,\n${seller?.legalName ?? ''}`;
  return { subject, text };
}

/** The PDF the web sends: base64 of a PDF of at most 3 MB, or 400. */
export function decodePdf(base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > MAX_PDF_BYTES || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest(M.pdfInvalid, [{ path: 'pdf', message: M.pdfInvalid }]);
  return bytes;
}

export async function mailInvoice(db: Database, firmMail: FirmMail, actorId: string, row: InvoiceRow, pdf: Buffer): Promise<string> {
  if (row.status === 'draft') throw conflict(M.notIssued);
  if (row.status === 'void') throw conflict(M.isVoid);
  const to = row.buyer?.email;
  if (!to) throw conflict(M.clientNoEmail);
  const { subject, text } = invoiceMailText(row, false);
  const filename = `${(row.number ?? 'invoice').replace(/\//g, '-')}.pdf`;
  await firmMail.send(
    { firmId: row.firmId, actorId, kind: 'invoice', target: { type: 'invoice', id: row.id } },
    { to, subject, text, fromName: row.seller?.legalName, replyTo: row.seller?.email || undefined, attachments: [{ filename, content: pdf, contentType: 'application/pdf' }] },
  );
  await updateInvoice(db, row.id, { mailedAt: new Date() });
  return to;
}

/**
 * One pass of the reminder job: claims the due reminders (each once, whichever replica runs it) and
 * mails them; one the firm's mail rules refuse now (unverified, over its allowance) or that fails
 * is given back, to be tried on a later pass.
 */
export async function sendDueReminders(db: Database, firmMail: FirmMail, today: string, now = new Date()): Promise<number> {
  let sent = 0;
  for (const row of await claimDueReminders(db, today, now)) {
    const to = row.buyer?.email;
    if (!to) continue;
    const { subject, text } = invoiceMailText(row, true);
    const ok = await firmMail
      .sendIfAllowed({ firmId: row.firmId, actorId: null, kind: 'invoice-reminder', target: { type: 'invoice', id: row.id } }, { to, subject, text, fromName: row.seller?.legalName, replyTo: row.seller?.email || undefined })
      .catch(() => false);
    if (ok) sent += 1;
    else await unclaimReminder(db, row.id);
  }
  return sent;
}
