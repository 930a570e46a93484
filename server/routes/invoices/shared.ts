import type { FastifyRequest } from 'fastify';
import { requireFirmAccess } from '../../auth/firm.js';
import { isoDay, zoneOf } from '../../contract/dates.js';
import { INVOICE_MESSAGES as M } from '../../contract/invoices.js';
import { isId } from '../../contract/http.js';
import { toBillingProfileJson, findBillingProfile } from '../../queries/billing.js';
import { findInvoice, invoiceJson, type InvoiceRow } from '../../queries/invoices.js';
import type { Database } from '../../db/connection.js';
import { conflict, notFound } from '../../errors.js';
import { serviceSacOf, type WorkKind } from '../../contract/fees-rules.js';
import { findAgreement } from '../../queries/fees.js';
import { findUserById } from '../../queries/users.js';

/**
 * Who bills (docs/decisions/280): the firm and its sub-admins. An employee with "Can see financials"
 * sees margins but does not bill: invoices carry the firm's bank account and go to its clients.
 */
export function billingFirm(request: FastifyRequest) {
  const { user } = request.session;
  const firm = requireFirmAccess(user, 'manage');
  // The firm's time zone dates its documents and bounds their dates (decision 331).
  const timeZone = zoneOf({ timeZone: request.session.employer?.timeZone ?? user.timeZone });
  return { actor: { id: user.id, firmId: firm.firmId }, firmId: firm.firmId, email: user.email, timeZone };
}

export const today = () => isoDay(new Date());

/** The firm's own invoice by id, or 404 (another firm's, a malformed id, a platform invoice). */
export async function firmInvoice(db: Database, firmId: string, id: string): Promise<InvoiceRow> {
  const row = isId(id) ? await findInvoice(db, firmId, id) : undefined;
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function requireProfile(db: Database, firmId: string) {
  const row = await findBillingProfile(db, firmId);
  if (!row) throw conflict(M.profileMissing);
  return toBillingProfileJson(row);
}

export const invoiceReply = async (db: Database, row: InvoiceRow) => invoiceJson(db, row, today());

/**
 * The SAC a free service line takes when sent without a code (CGST rule 46(g), decision 382): the
 * project's fee agreement's (998322 residential, 998323 other), else by what the firm is (998391 an
 * interior designer, 998323 an architect).
 */
export async function firmServiceSac(db: Database, firmId: string, projectId: string | null | undefined): Promise<string> {
  const [firm, agreement] = await Promise.all([findUserById(db, firmId), projectId && isId(projectId) ? findAgreement(db, firmId, projectId) : undefined]);
  return serviceSacOf(firm?.firmType ?? null, (agreement?.workKind as WorkKind | undefined) ?? null);
}
