import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { contacts, invoiceLines, invoicePayments, invoices } from '../db/schema/index.js';
import type { LineAmounts } from '../money/gst.js';
import type { Totals } from '../money/totals.js';
import type { InvoiceLineRow, InvoiceRow, PaymentRow } from './invoices.js';

/** Writes of invoices, credit notes and payments (docs/decisions/280–282), each inside the caller's transaction. */

/** A line as stored: its texts and the figures the money module computed. */
export type StoredLine = { id?: string; description: string; hsnSac: string; unit: string; sourceItemId: string | null; amounts: LineAmounts };

type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>;

const totalsColumns = (t: Totals) => ({ taxable: t.taxable, cgst: t.cgst, sgst: t.sgst, igst: t.igst, total: t.total });

export async function insertInvoice(tx: Database, values: NewInvoice, totals: Totals, lines: StoredLine[]): Promise<InvoiceRow> {
  const [row] = await tx
    .insert(invoices)
    .values({ id: newId(), ...values, ...totalsColumns(totals) })
    .returning();
  await writeLines(tx, row!.id, lines);
  return row!;
}

async function writeLines(tx: Database, invoiceId: string, lines: StoredLine[]) {
  if (!lines.length) return;
  await tx.insert(invoiceLines).values(
    lines.map((l, position) => {
      const a = l.amounts;
      return { id: l.id ?? newId(), invoiceId, position, description: l.description, hsnSac: l.hsnSac, unit: l.unit, sourceItemId: l.sourceItemId, quantityMilli: a.quantityMilli, unitPrice: a.unitPrice, discount: a.discount, rateBp: a.rateBp, taxable: a.taxable, cgst: a.cgst, sgst: a.sgst, igst: a.igst, total: a.total };
    }),
  );
}

/** A draft's lines and totals recomputed: its lines replaced (ids kept). */
export async function replaceLines(tx: Database, invoiceId: string, changes: Partial<InvoiceRow>, totals: Totals, lines: StoredLine[]): Promise<InvoiceRow> {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  await writeLines(tx, invoiceId, lines);
  return updateInvoice(tx, invoiceId, { ...changes, ...totalsColumns(totals) });
}

export async function updateInvoice(tx: Pick<Database, 'update'>, id: string, changes: Partial<InvoiceRow>): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

export async function insertPayment(tx: Database, values: Omit<typeof invoicePayments.$inferInsert, 'id'>): Promise<PaymentRow> {
  const [row] = await tx
    .insert(invoicePayments)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

/** Adds a payment's or a credit note's amount to the invoice's sums and sets the status that follows. */
export async function addToBalance(tx: Database, id: string, add: { received?: number; credited?: number }, status: string) {
  await tx
    .update(invoices)
    .set({ received: sql`${invoices.received} + ${add.received ?? 0}`, credited: sql`${invoices.credited} + ${add.credited ?? 0}`, status, updatedAt: new Date() })
    .where(eq(invoices.id, id));
}

export type StoredLineInput = Pick<InvoiceLineRow, 'id' | 'description' | 'hsnSac' | 'unit' | 'sourceItemId' | 'quantityMilli' | 'unitPrice' | 'discount' | 'rateBp'>;

export async function findContactOfFirm(db: Database, firmId: string, contactId: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.firmId, firmId)))
    .limit(1);
  return row;
}

// The reminder job (docs/decisions/282) ---------------------------------------------------------

/**
 * Claims up to `limit` invoices whose reminder is due by `today` (an ISO day): marks them sent in
 * one statement over rows locked with SKIP LOCKED, so replicas running the job at once each claim
 * different invoices and none twice. A reminder that then cannot go is given back (`unclaimReminder`).
 */
export async function claimDueReminders(db: Database, today: string, now: Date, limit = 50): Promise<InvoiceRow[]> {
  const due = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'invoice'),
        isNotNull(invoices.reminderDays),
        isNull(invoices.reminderSentAt),
        inArray(invoices.status, ['issued', 'part_paid']),
        sql`${invoices.dueDate} + ${invoices.reminderDays} <= ${today}::date`,
      ),
    )
    .orderBy(invoices.dueDate)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(invoices).set({ reminderSentAt: now }).where(inArray(invoices.id, due)).returning();
}

export async function unclaimReminder(db: Database, id: string) {
  await db.update(invoices).set({ reminderSentAt: null }).where(eq(invoices.id, id));
}

/** A draft's change (a line added or removed) raises its version, so an Issue from the page read before answers 409 (docs/decisions/320). */
export async function raiseInvoiceVersion(tx: Pick<Database, 'update'>, id: string, actorId: string): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ version: sql`${invoices.version} + 1`, updatedBy: actorId, updatedAt: new Date() })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}
