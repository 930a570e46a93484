import type { SellerProfile } from '../contract/billing.js';
import { DEFAULT_TIME_ZONE, formatCalendarDay, isoDay } from '../contract/dates.js';
import { CREDIT_NOTE_PREFIX, INVOICE_MESSAGES as M, RECEIPT_PREFIX, type CreditNoteBody, type Party, type PaymentBody } from '../contract/invoices.js';
import type { Database } from '../db/connection.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { fitsOutstanding, issuedStatus, roundOffToRupee } from '../money/balance.js';
import { formatDocumentNumber } from '../money/numbering.js';
import { sectionOn } from '../money/tds.js';
import type { SupplyKind } from '../money/gst.js';
import { supplyKind } from '../money/totals.js';
import { recordAudit } from '../queries/audit.js';
import { nextDocumentSequence, type DocumentKind } from '../queries/document-numbers.js';
import { addToBalance, findContactOfFirm, insertInvoice, insertPayment, raiseInvoiceVersion, replaceLines, updateInvoice } from '../queries/invoice-writes.js';
import { editorOf, staleFor } from '../queries/versions.js';
import { onceByKey } from '../queries/money-write-keys.js';
import { findInvoice, findPayment, invoiceJson, linesOf, lockInvoice, type InvoiceRow } from '../queries/invoices.js';
import { priceLines, type DraftLine } from './invoice-drafts.js';
import { defaultUnit, wholeQuantity } from '../contract/quantity.js';

/**
 * An invoice's life (docs/decisions/280–282): Draft → Issued (lines frozen, numbered in the issuing
 * transaction) → Part paid → Paid, or Void; a credit note for any change after issue. Every step
 * locks the invoice's row, so two people acting at once act one after the other.
 */

export type Actor = { id: string; firmId: string };

import { addDays } from '../contract/dates.js';

export { addDays };

export function sellerParty(profile: SellerProfile & { reverseCharge?: boolean; upiLimit?: number }, email: string): Party {
  return {
    ...(profile.reverseCharge !== undefined ? { reverseCharge: profile.reverseCharge } : {}),
    ...(profile.upiLimit !== undefined ? { upiLimit: profile.upiLimit } : {}),
    legalName: profile.legalName,
    address: profile.address,
    state: profile.state,
    gstin: profile.gstin,
    email,
    pan: profile.pan,
    bankAccountName: profile.bankAccountName,
    bankAccountNumber: profile.bankAccountNumber,
    bankIfsc: profile.bankIfsc,
    upiId: profile.upiId,
  };
}

export function buyerParty(contact: { name: string; company: string; address: string; state: string | null; gstin: string | null; email: string }): Party {
  return { legalName: contact.company || contact.name, address: contact.address, state: contact.state ?? '', gstin: contact.gstin ?? '', email: contact.email };
}

export const placeOfSupply = (state: string | null | undefined) => state || 'Outside India';

/** The next number of a series, in the issuing transaction; a number too long answers 409 and the transaction gives it back. */
async function nextNumber(tx: Database, issuerId: string, kind: DocumentKind, prefix: string, at: Date): Promise<string> {
  const { year, sequence } = await nextDocumentSequence(tx, issuerId, kind, at);
  try {
    return formatDocumentNumber(prefix, year, sequence);
  } catch {
    throw conflict(M.numberTooLong);
  }
}

const storedDraftLines = async (tx: Database, invoiceId: string): Promise<DraftLine[]> =>
  (await linesOf(tx, invoiceId)).map((l) => ({ id: l.id, description: l.description, hsnSac: l.hsnSac, unit: l.unit, sourceItemId: l.sourceItemId, input: { quantityMilli: l.quantityMilli, unitPrice: l.unitPrice, discount: l.discount, rateBp: l.rateBp } }));

/** A draft's row locked, or 404 / 409. */
async function lockDraft(tx: Database, issuerId: string, id: string): Promise<InvoiceRow> {
  const row = await lockInvoice(tx, issuerId, id);
  if (!row || row.kind !== 'invoice') throw notFound(M.notFound);
  if (row.status !== 'draft') throw conflict(row.status === 'void' ? M.isVoid : M.notDraft);
  return row;
}

/** Changes a draft's lines (add, remove), recomputes its figures and raises its version (docs/decisions/320). */
export async function changeDraftLines(tx: Database, issuerId: string, id: string, actorId: string, change: (lines: DraftLine[]) => DraftLine[], version?: number): Promise<InvoiceRow> {
  const row = await lockDraft(tx, issuerId, id);
  // An edit names the version its person looked at (docs/decisions/320): lines changed since answer 409 with the draft as it is.
  if (version !== undefined && row.version !== version) throw await staleFor(row, (r) => invoiceJson(tx, r, isoDay(new Date())), await editorOf(tx, row.updatedBy));
  const lines = change(await storedDraftLines(tx, id));
  if (!lines.length) throw badRequest(M.noLines);
  const { stored, totals } = priceLines(lines, row.supply as SupplyKind);
  await replaceLines(tx, id, {}, totals, stored);
  return raiseInvoiceVersion(tx, id, actorId);
}

export type IssueParties = { profile: SellerProfile & { reverseCharge?: boolean; upiLimit?: number; roundOff?: boolean }; sellerEmail: string; buyer: Party; contactId: string | null };

/**
 * Issues a draft: the parties as they are now frozen into it, its lines recomputed for the place of
 * supply and frozen, its number and dates given. Inside the caller's transaction, the row locked.
 */
export async function issueLocked(tx: Database, row: InvoiceRow, parties: IssueParties, actorId: string, now = new Date(), timeZone = DEFAULT_TIME_ZONE): Promise<InvoiceRow> {
  const supply = supplyKind(parties.profile.state, parties.buyer.state);
  const { stored, totals } = priceLines(await storedDraftLines(tx, row.id), supply);
  if (totals.total <= 0) throw conflict(M.zeroTotal);
  // The profile's choice when issued, frozen into the total (decision 408); the lines stay exact.
  const roundOff = parties.profile.roundOff ? roundOffToRupee(totals.total) : 0;
  const number = await nextNumber(tx, row.issuerId, 'invoice', parties.profile.invoicePrefix, now);
  // The firm's day (decision 331): the date its payments and credit notes are checked against.
  const issueDate = isoDay(now, timeZone);
  const issued = await replaceLines(
    tx,
    row.id,
    {
      status: 'issued',
      number,
      supply,
      placeOfSupply: placeOfSupply(parties.buyer.state),
      seller: sellerParty(parties.profile, parties.sellerEmail),
      buyer: parties.buyer,
      issueDate,
      dueDate: addDays(issueDate, parties.profile.paymentTermsDays),
      issuedAt: now,
      roundOff,
    },
    { ...totals, total: totals.total + roundOff },
    stored,
  );
  await recordAudit(tx, { actorId, firmId: row.firmId, action: 'invoice.issued', targetType: 'invoice', targetId: row.id, details: { number, total: totals.total + roundOff } });
  return issued;
}

/**
 * The firm's Issue: its client as the Address Book has it now. It names the version of the draft
 * its person looked at (docs/decisions/320): a draft whose lines changed since answers 409 with the
 * draft as it now is, so nobody issues lines they have not seen.
 */
export async function issueFirmInvoice(tx: Database, actor: Actor, id: string, profile: IssueParties['profile'], sellerEmail: string, version: number, now = new Date(), timeZone = DEFAULT_TIME_ZONE, idempotencyKey?: string) {
  // The same form sent twice gives the invoice issued by the first (decision 399), not a 409.
  return onceByKey(tx, actor.firmId, idempotencyKey, 'invoice-issue', () => issueDraft(tx, actor, id, profile, sellerEmail, version, now, timeZone), (r) => r.id, async (doneId) => (await findInvoice(tx, actor.firmId, doneId))!);
}

async function issueDraft(tx: Database, actor: Actor, id: string, profile: IssueParties['profile'], sellerEmail: string, version: number, now: Date, timeZone: string) {
  const row = await lockDraft(tx, actor.firmId, id);
  if (row.version !== version) throw await staleFor(row, (r) => invoiceJson(tx, r, isoDay(now)), await editorOf(tx, row.updatedBy));
  const contact = row.contactId ? await findContactOfFirm(tx, actor.firmId, row.contactId) : undefined;
  if (!contact) throw conflict(M.notAClient);
  return issueLocked(tx, row, { profile, sellerEmail, buyer: buyerParty(contact), contactId: contact.id }, actor.id, now, timeZone);
}

/** An issued invoice's row locked for a payment or a credit note: 404, or 409 unless money is owed. */
async function lockOpen(tx: Database, issuerId: string, id: string): Promise<InvoiceRow> {
  const row = await lockInvoice(tx, issuerId, id);
  if (!row || row.kind !== 'invoice') throw notFound(M.notFound);
  if (row.status === 'draft') throw conflict(M.notIssued);
  if (row.status === 'void') throw conflict(M.isVoid);
  return row;
}

/**
 * A payment, dated by the person who records it: on or after the invoice's date and not after today,
 * both in the firm's time zone (decision 331); its receipt carries that date.
 */
type Keyed<T> = Required<Omit<T, 'idempotencyKey'>> & { idempotencyKey?: string };
/** A payment to record: what arrived, and the TDS the client deducted when any (docs/decisions/415). */
type PaymentWrite = Keyed<Omit<PaymentBody, TdsFields>> & Partial<Pick<PaymentBody, TdsFields>>;
type TdsFields = 'tds' | 'tdsSection' | 'tdsRateBp' | 'tdsTan';

export async function recordPayment(tx: Database, actorId: string, issuerId: string, id: string, body: PaymentWrite, now = new Date(), timeZone = DEFAULT_TIME_ZONE) {
  // A payment sent twice with its form's key is recorded once (decision 399).
  return onceByKey(tx, issuerId, body.idempotencyKey, 'payment', () => writePayment(tx, actorId, issuerId, id, body, now, timeZone), (p) => p.id, async (doneId) => (await findPayment(tx, id, doneId))!);
}

async function writePayment(tx: Database, actorId: string, issuerId: string, id: string, body: PaymentWrite, now: Date, timeZone: string) {
  const row = await lockOpen(tx, issuerId, id);
  const today = isoDay(now, timeZone);
  if (row.issueDate && body.paidOn < row.issueDate) {
    const message = M.paidBeforeInvoice(formatCalendarDay(row.issueDate));
    throw badRequest(message, [{ path: 'paidOn', message }]);
  }
  if (body.paidOn > today) {
    const message = M.paidInFuture(formatCalendarDay(today));
    throw badRequest(message, [{ path: 'paidOn', message }]);
  }
  // What arrived and what the client deducted as TDS settle the invoice together (docs/decisions/415).
  const tds = body.tds ?? 0;
  const settled = body.amount + tds;
  if (!fitsOutstanding(row, settled)) throw badRequest(M.moreThanOutstanding, [{ path: tds ? 'tds' : 'amount', message: M.moreThanOutstanding }]);
  const tdsSection = tds ? body.tdsSection || sectionOn(body.paidOn) : '';
  const receiptNumber = await nextNumber(tx, issuerId, 'receipt', RECEIPT_PREFIX, now);
  const payment = await insertPayment(tx, { invoiceId: id, paidOn: body.paidOn, amount: body.amount, tdsPaise: tds, tdsSection, tdsRateBp: tds ? (body.tdsRateBp ?? null) : null, tdsTan: tds ? (body.tdsTan ?? '') : '', method: body.method, reference: body.reference, receiptNumber, createdBy: actorId });
  await addToBalance(tx, id, { received: settled }, issuedStatus({ ...row, received: row.received + settled }));
  await recordAudit(tx, { actorId, firmId: row.firmId, action: 'invoice.payment-recorded', targetType: 'invoice', targetId: id, details: { number: row.number, amount: body.amount, tds, method: body.method, receiptNumber } });
  return payment;
}

/** A credit note, dated today in the firm's time zone, which is never before the invoice's date (decision 331). */
export async function issueCreditNote(tx: Database, actorId: string, issuerId: string, id: string, body: Keyed<CreditNoteBody>, now = new Date(), timeZone = DEFAULT_TIME_ZONE) {
  // New credit note submitted twice gives one credit note (decision 399).
  return onceByKey(tx, issuerId, body.idempotencyKey, 'credit-note', () => writeCreditNote(tx, actorId, issuerId, id, body, now, timeZone), (n) => n.id, async (doneId) => (await findInvoice(tx, issuerId, doneId))!);
}

async function writeCreditNote(tx: Database, actorId: string, issuerId: string, id: string, body: Keyed<CreditNoteBody>, now: Date, timeZone: string) {
  const row = await lockOpen(tx, issuerId, id);
  const issueDate = isoDay(now, timeZone);
  // Only a firm that moved its time zone westwards since issuing can meet this.
  if (row.issueDate && issueDate < row.issueDate) throw conflict(M.creditNoteBeforeInvoice(formatCalendarDay(row.issueDate)));
  const rates = new Set((await linesOf(tx, id)).map((l) => l.rateBp));
  if (!rates.has(body.rateBp)) throw badRequest('Choose one of the GST rates of the invoice', [{ path: 'rateBp', message: 'Choose one of the GST rates of the invoice' }]);
  const description = `Credit against ${row.number}: ${body.reason}`.slice(0, 500);
  const { stored, totals } = priceLines([{ description, hsnSac: '', unit: defaultUnit(''), sourceItemId: null, input: { quantityMilli: wholeQuantity(1), unitPrice: body.amount, discount: 0, rateBp: body.rateBp } }], row.supply as SupplyKind);
  if (!fitsOutstanding(row, totals.total)) throw badRequest(M.moreThanOutstanding, [{ path: 'amount', message: M.moreThanOutstanding }]);
  const number = await nextNumber(tx, issuerId, 'credit-note', CREDIT_NOTE_PREFIX, now);
  const note = await insertInvoice(
    tx,
    { issuerId, firmId: row.firmId, kind: 'credit-note', creditFor: id, contactId: row.contactId, projectId: row.projectId, status: 'issued', number, supply: row.supply, placeOfSupply: row.placeOfSupply, seller: row.seller, buyer: row.buyer, issueDate, notes: body.reason, createdBy: actorId, issuedAt: now },
    totals,
    stored,
  );
  await addToBalance(tx, id, { credited: totals.total }, issuedStatus({ ...row, credited: row.credited + totals.total }));
  await recordAudit(tx, { actorId, firmId: row.firmId, action: 'invoice.credit-note-issued', targetType: 'invoice', targetId: id, details: { number: row.number, creditNote: number, total: totals.total } });
  return note;
}

export async function voidInvoice(tx: Database, actorId: string, issuerId: string, id: string, reason: string) {
  const row = await lockInvoice(tx, issuerId, id);
  if (!row || row.kind !== 'invoice') throw notFound(M.notFound);
  if (row.status === 'void') throw conflict(M.isVoid);
  if (row.received > 0 || row.credited > 0) throw conflict(M.voidWithPayments);
  const voided = await updateInvoice(tx, id, { status: 'void', voidReason: reason });
  await recordAudit(tx, { actorId, firmId: row.firmId, action: 'invoice.voided', targetType: 'invoice', targetId: id, details: { number: row.number, reason } });
  return voided;
}
