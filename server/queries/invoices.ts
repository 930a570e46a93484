import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Invoice, InvoiceLine, InvoiceSummary, InvoicesQuery, Party, Payment } from '../contract/invoices.js';
import type { Database } from '../db/connection.js';
import { contacts, invoiceLines, invoicePayments, invoices, projects } from '../db/schema/index.js';
import { isOverdue, outstandingOf } from '../money/balance.js';
import { formatQuantity } from '../contract/quantity.js';

/** Reads of invoices, credit notes and payments (docs/decisions/280–282) and their JSON. */

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferSelect;

type SummaryRow = InvoiceRow & { projectName: string | null; contactName: string | null };

const summaryColumns = { invoice: invoices, projectName: projects.projectName, contactName: contacts.name };

function clientName(row: InvoiceRow, contactName: string | null): string {
  return row.buyer?.legalName || contactName || '';
}

export function toInvoiceSummary(row: SummaryRow, today: string): InvoiceSummary {
  const balance = { total: row.total, credited: row.credited, received: row.received };
  const open = row.status === 'issued' || row.status === 'part_paid';
  return {
    id: row.id,
    kind: row.kind as InvoiceSummary['kind'],
    number: row.number,
    status: row.status as InvoiceSummary['status'],
    overdue: open && row.kind === 'invoice' && isOverdue(balance, row.dueDate, today),
    clientName: clientName(row, row.contactName),
    contactId: row.contactId,
    projectId: row.projectId,
    projectName: row.projectName,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    taxable: row.taxable,
    total: row.total,
    credited: row.credited,
    received: row.received,
    outstanding: open ? outstandingOf(balance) : 0,
    createdAt: row.createdAt.toISOString(),
  };
}

const toLineJson = (l: InvoiceLineRow): InvoiceLine => ({
  id: l.id,
  description: l.description,
  hsnSac: l.hsnSac,
  quantity: formatQuantity(l.quantityMilli),
  unit: l.unit,
  unitPrice: l.unitPrice,
  discount: l.discount,
  rateBp: l.rateBp,
  taxable: l.taxable,
  cgst: l.cgst,
  sgst: l.sgst,
  igst: l.igst,
  total: l.total,
});

export const toPaymentJson = (p: PaymentRow): Payment => ({
  id: p.id,
  paidOn: p.paidOn,
  amount: p.amount,
  method: p.method as Payment['method'],
  reference: p.reference,
  tds: p.tdsPaise,
  tdsSection: p.tdsSection,
  tdsRateBp: p.tdsRateBp,
  tdsTan: p.tdsTan,
  receiptNumber: p.receiptNumber,
  createdAt: p.createdAt.toISOString(),
});

/** The rows a list shows, with the project's and the contact's names. */
function selectSummaries(db: Database, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .leftJoin(contacts, eq(contacts.id, invoices.contactId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

const flatten = (rows: Array<{ invoice: InvoiceRow; projectName: string | null; contactName: string | null }>) =>
  rows.map((r) => ({ ...r.invoice, projectName: r.projectName, contactName: r.contactName }));

/** An issuer's invoices (a firm's id or `platform`), newest first, at most 500. */
export async function listInvoices(db: Database, issuerId: string, query: InvoicesQuery & { firmId?: string }, today: string): Promise<InvoiceSummary[]> {
  const conditions: SQL[] = [eq(invoices.issuerId, issuerId), eq(invoices.kind, 'invoice')];
  if (query.firmId) conditions.push(eq(invoices.firmId, query.firmId));
  if (query.projectId) conditions.push(eq(invoices.projectId, query.projectId));
  if (query.status === 'overdue') {
    conditions.push(inArray(invoices.status, ['issued', 'part_paid']), sql`${invoices.dueDate} < ${today}`);
  } else if (query.status) conditions.push(eq(invoices.status, query.status));
  const rows = flatten(await selectSummaries(db, and(...conditions)).limit(500));
  return rows.map((row) => toInvoiceSummary(row, today));
}

/** One invoice of the issuer (undefined for another issuer's: it does not exist for this one). */
export async function findInvoice(db: Database, issuerId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.issuerId, issuerId)))
    .limit(1);
  return row;
}

/** The platform's invoice to a firm, or the firm's own invoice: what a firm may read. */
export async function findInvoiceForFirm(db: Database, firmId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.firmId, firmId)))
    .limit(1);
  return row;
}

/** The row locked for the rest of the transaction (issue, pay, credit, void one at a time). */
export async function lockInvoice(tx: Database, issuerId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.issuerId, issuerId)))
    .limit(1)
    .for('update');
  return row;
}

export const linesOf = (db: Database, invoiceId: string) => db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));

export async function invoiceJson(db: Database, row: InvoiceRow, today: string): Promise<Invoice> {
  const [lines, payments, credits, [names]] = await Promise.all([
    linesOf(db, row.id),
    db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, row.id)).orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt)),
    selectSummaries(db, and(eq(invoices.creditFor, row.id), eq(invoices.kind, 'credit-note'))),
    db
      .select({ projectName: projects.projectName, contactName: contacts.name })
      .from(invoices)
      .leftJoin(projects, eq(projects.id, invoices.projectId))
      .leftJoin(contacts, eq(contacts.id, invoices.contactId))
      .where(eq(invoices.id, row.id)),
  ]);
  return {
    ...toInvoiceSummary({ ...row, projectName: names?.projectName ?? null, contactName: names?.contactName ?? null }, today),
    issuer: row.issuerId === 'platform' ? 'platform' : 'firm',
    creditFor: row.creditFor,
    supply: row.supply as Invoice['supply'],
    placeOfSupply: row.placeOfSupply,
    seller: row.seller as Party | null,
    buyer: row.buyer as Party | null,
    notes: row.notes,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    roundOff: row.roundOff,
    reminderDays: row.reminderDays,
    reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
    mailedAt: row.mailedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    lines: lines.map(toLineJson),
    payments: payments.map(toPaymentJson),
    creditNotes: flatten(credits).map((c) => toInvoiceSummary(c, today)),
    version: row.version,
  };
}

export async function findPayment(db: Database, invoiceId: string, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, invoiceId)))
    .limit(1);
  return row;
}

/** `credited`: taxable value of the project's credit notes (before GST), which the margin loses (docs/decisions/417). */
export type ProjectMoney = { invoiced: number; credited: number; received: number; outstanding: number };

/**
 * Per project of the firm: taxable value invoiced (issued invoices less their credit notes, before
 * GST), received and outstanding (with GST), void and draft invoices left out.
 */
export async function moneyByProject(db: Database, firmId: string): Promise<Map<string, ProjectMoney>> {
  const rows = await db
    .select({
      projectId: invoices.projectId,
      taxable: sql<string>`coalesce(sum(${invoices.taxable}), 0)`,
      total: sql<string>`coalesce(sum(${invoices.total}), 0)`,
      credited: sql<string>`coalesce(sum(${invoices.credited}), 0)`,
      received: sql<string>`coalesce(sum(${invoices.received}), 0)`,
    })
    .from(invoices)
    .where(and(eq(invoices.issuerId, firmId), eq(invoices.kind, 'invoice'), inArray(invoices.status, ['issued', 'part_paid', 'paid'])))
    .groupBy(invoices.projectId);
  const creditedTaxable = await db
    .select({ projectId: invoices.projectId, taxable: sql<string>`coalesce(sum(${invoices.taxable}), 0)` })
    .from(invoices)
    .where(and(eq(invoices.issuerId, firmId), eq(invoices.kind, 'credit-note')))
    .groupBy(invoices.projectId);
  const credits = new Map(creditedTaxable.map((r) => [r.projectId, Number(r.taxable)]));
  const result = new Map<string, ProjectMoney>();
  for (const r of rows) {
    if (!r.projectId) continue;
    const balance = { total: Number(r.total), credited: Number(r.credited), received: Number(r.received) };
    const credited = credits.get(r.projectId) ?? 0;
    result.set(r.projectId, { invoiced: Number(r.taxable) - credited, credited, received: balance.received, outstanding: outstandingOf(balance) });
  }
  return result;
}
