import { and, asc, eq, gt, inArray, isNotNull, lte, gte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connection.js';
import { invoiceLines, invoicePayments, invoices } from '../db/schema/index.js';
import type { Gstr1Document, Gstr1Line, Gstr1Sources } from '../money/gstr1.js';
import type { TallyDocument, TallyParty, TallyReceipt } from '../money/tally.js';
import type { ZohoInvoice } from '../money/zoho.js';

/**
 * The documents of a period for the accounting exports (docs/decisions/405, 406), read in keyset
 * pages of `EXPORT_PAGE` rows so an export of a year holds one page at a time: each stream orders
 * by a unique key (its group, then the document number, unique per issuer and kind) and the next
 * page starts after the last key seen. A page of documents takes two more statements (its lines;
 * for credit notes, the lines of the invoices they reduce), whatever its size.
 */

export const EXPORT_PAGE = 500;

export type DateRange = { from: string; to: string };

const gstinOf = sql<string>`coalesce(${invoices.buyer}->>'gstin', '')`;
const legalNameOf = (table: typeof invoices) => sql<string>`coalesce(${table.buyer}->>'legalName', '')`;

/** Issued (or issued, then voided) documents of the firm dated in the range. */
const issuedIn = (firmId: string, range: DateRange, kind: 'invoice' | 'credit-note') =>
  and(eq(invoices.issuerId, firmId), eq(invoices.kind, kind), isNotNull(invoices.number), gte(invoices.issueDate, range.from), lte(invoices.issueDate, range.to));

type Key = { group: string; number: string };

/** Rows of one stream, page by page, ordered by (group, number). */
async function* keyset<T extends { number: string | null }>(page: (after: Key | null) => Promise<T[]>, groupOf: (row: T) => string): AsyncGenerator<T[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await page(after);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { group: groupOf(last), number: last.number ?? '' };
  }
}

const afterKey = (group: SQL, after: Key | null) => (after ? or(gt(group, after.group), and(eq(group, after.group), gt(invoices.number, after.number))) : undefined);

const original = alias(invoices, 'original');

const documentColumns = {
  id: invoices.id,
  kind: invoices.kind,
  number: invoices.number,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  status: invoices.status,
  buyer: invoices.buyer,
  placeOfSupply: invoices.placeOfSupply,
  supply: invoices.supply,
  taxable: invoices.taxable,
  cgst: invoices.cgst,
  sgst: invoices.sgst,
  igst: invoices.igst,
  roundOff: invoices.roundOff,
  total: invoices.total,
  notes: invoices.notes,
  creditFor: invoices.creditFor,
  originalNumber: original.number,
  originalTotal: original.total,
};

type DocumentRow = Awaited<ReturnType<typeof documentPage>>[number];

function documentPage(db: Database, where: SQL | undefined, group: SQL, after: Key | null) {
  return db
    .select(documentColumns)
    .from(invoices)
    .leftJoin(original, eq(original.id, invoices.creditFor))
    .where(and(where, afterKey(group, after)))
    .orderBy(asc(group), asc(invoices.number))
    .limit(EXPORT_PAGE);
}

type LineRow = typeof invoiceLines.$inferSelect;

/** The lines of a page's documents, by document (one statement). */
async function linesByDocument(db: Database, ids: string[]): Promise<Map<string, LineRow[]>> {
  const rows = ids.length ? await db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids)).orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position)) : [];
  const map = new Map<string, LineRow[]>();
  for (const row of rows) map.set(row.invoiceId, [...(map.get(row.invoiceId) ?? []), row]);
  return map;
}

/**
 * A credit note's line carries no HSN/SAC of its own: it takes that of the invoice it reduces
 * (the first line at its rate, else the invoice's first line), as the HSN table needs one.
 */
function hsnFromOriginal(line: LineRow, originalLines: LineRow[] | undefined): string {
  if (line.hsnSac || !originalLines?.length) return line.hsnSac;
  return (originalLines.find((l) => l.rateBp === line.rateBp && l.hsnSac) ?? originalLines.find((l) => l.hsnSac))?.hsnSac ?? '';
}

/** Rows of a page with their lines (and, for credit notes, HSN codes from their invoices). */
async function withLines(db: Database, rows: DocumentRow[]) {
  const lines = await linesByDocument(db, rows.map((r) => r.id));
  const originals = rows.some((r) => r.creditFor) ? await linesByDocument(db, [...new Set(rows.map((r) => r.creditFor).filter((id): id is string => Boolean(id)))]) : new Map<string, LineRow[]>();
  return rows.map((row) => ({ row, lines: (lines.get(row.id) ?? []).map((l) => ({ ...l, hsnSac: row.creditFor ? hsnFromOriginal(l, originals.get(row.creditFor)) : l.hsnSac })) }));
}

const toGstr1Line = (l: LineRow): Gstr1Line => ({ hsnSac: l.hsnSac, description: l.description, quantityMilli: l.quantityMilli, unit: l.unit, rateBp: l.rateBp, taxable: l.taxable, cgst: l.cgst, sgst: l.sgst, igst: l.igst });

function toGstr1Document(row: DocumentRow, lines: LineRow[]): Gstr1Document {
  return {
    kind: row.kind === 'credit-note' ? 'credit-note' : 'invoice',
    number: row.number ?? '',
    issueDate: row.issueDate ?? '',
    void: row.status === 'void',
    buyerGstin: row.buyer?.gstin ?? '',
    buyerName: row.buyer?.legalName ?? '',
    placeOfSupply: row.placeOfSupply,
    supply: row.supply === 'inter' ? 'inter' : 'intra',
    total: row.total,
    originalTotal: row.originalTotal,
    // No document the firm issues is under reverse charge today (the rule 46 work adds the mark).
    reverseCharge: false,
    lines: lines.map(toGstr1Line),
  };
}

async function* documents<T>(db: Database, where: SQL | undefined, group: SQL, groupOf: (row: DocumentRow) => string, map: (row: DocumentRow, lines: LineRow[]) => T): AsyncGenerator<T> {
  for await (const page of keyset((after) => documentPage(db, where, group, after), groupOf)) {
    for (const { row, lines } of await withLines(db, page)) yield map(row, lines);
  }
}

/** The four GSTR-1 streams of a period (server/money/gstr1.ts says what each must be). */
export function gstr1Sources(db: Database, firmId: string, range: DateRange): Gstr1Sources {
  const registered = ne(gstinOf, '');
  const unregistered = eq(gstinOf, '');
  const byGstin = (row: DocumentRow) => row.buyer?.gstin ?? '';
  const byPlace = sql<string>`${invoices.placeOfSupply}`;
  return {
    registeredInvoices: documents(db, and(issuedIn(firmId, range, 'invoice'), registered), gstinOf, byGstin, toGstr1Document),
    registeredNotes: documents(db, and(issuedIn(firmId, range, 'credit-note'), registered), gstinOf, byGstin, toGstr1Document),
    unregisteredInvoices: documents(db, and(issuedIn(firmId, range, 'invoice'), unregistered), byPlace, (row) => row.placeOfSupply, toGstr1Document),
    unregisteredNotes: documents(db, and(issuedIn(firmId, range, 'credit-note'), unregistered), byPlace, (row) => row.placeOfSupply, toGstr1Document),
  };
}

const partyOf = (buyer: DocumentRow['buyer']): TallyParty => ({ name: buyer?.legalName ?? '', gstin: buyer?.gstin ?? '', state: buyer?.state ?? '', address: buyer?.address ?? '' });

const notVoid = ne(invoices.status, 'void');
const byDate = sql<string>`${invoices.issueDate}::text`;

/** The sales invoices and credit notes of a range as Tally documents, by date then number (void ones left out). */
export async function* tallyDocuments(db: Database, firmId: string, range: DateRange): AsyncGenerator<TallyDocument> {
  for (const kind of ['invoice', 'credit-note'] as const) {
    yield* documents(db, and(issuedIn(firmId, range, kind), notVoid), byDate, (row) => row.issueDate ?? '', (row): TallyDocument => ({
      kind,
      number: row.number ?? '',
      date: row.issueDate ?? '',
      party: partyOf(row.buyer),
      against: row.originalNumber,
      taxable: row.taxable,
      cgst: row.cgst,
      sgst: row.sgst,
      igst: row.igst,
      roundOff: row.roundOff,
      total: row.total,
      narration: kind === 'invoice' ? `Invoice ${row.number}` : `Credit note ${row.number} against ${row.originalNumber ?? ''}${row.notes ? `: ${row.notes}` : ''}`,
    }));
  }
}

/** The firm's invoices of a range for Zoho Books, with their lines. */
export function zohoInvoices(db: Database, firmId: string, range: DateRange): AsyncGenerator<ZohoInvoice> {
  return documents(db, issuedIn(firmId, range, 'invoice'), byDate, (row) => row.issueDate ?? '', (row, lines): ZohoInvoice => ({
    number: row.number ?? '',
    date: row.issueDate ?? '',
    dueDate: row.dueDate,
    void: row.status === 'void',
    party: partyOf(row.buyer),
    placeOfSupply: row.placeOfSupply,
    supply: row.supply === 'inter' ? 'inter' : 'intra',
    notes: row.notes,
    lines: lines.map((l) => ({ description: l.description, hsnSac: l.hsnSac, quantityMilli: l.quantityMilli, unitPrice: l.unitPrice, discount: l.discount, rateBp: l.rateBp, taxable: l.taxable, tax: l.cgst + l.sgst + l.igst, total: l.total })),
  }));
}

/**
 * The payments received in a range as Tally receipts. `tds` is what the client deducted
 * (docs/decisions/415): the receipt voucher splits it off into TDS receivable.
 */
export async function* tallyReceipts(db: Database, firmId: string, range: DateRange): AsyncGenerator<TallyReceipt> {
  const group = sql<string>`${invoicePayments.paidOn}::text`;
  let after: { group: string; number: string } | null = null;
  for (;;) {
    const rows = await db
      .select({ paidOn: invoicePayments.paidOn, receiptNumber: invoicePayments.receiptNumber, amount: invoicePayments.amount, tds: invoicePayments.tdsPaise, method: invoicePayments.method, reference: invoicePayments.reference, invoiceNumber: invoices.number, buyer: invoices.buyer })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(
        and(
          eq(invoices.issuerId, firmId),
          gte(invoicePayments.paidOn, range.from),
          lte(invoicePayments.paidOn, range.to),
          after ? or(gt(group, after.group), and(eq(group, after.group), gt(invoicePayments.receiptNumber, after.number))) : undefined,
        ),
      )
      .orderBy(asc(group), asc(invoicePayments.receiptNumber))
      .limit(EXPORT_PAGE);
    for (const r of rows) yield { kind: 'receipt', number: r.receiptNumber, date: r.paidOn, party: partyOf(r.buyer), invoiceNumber: r.invoiceNumber ?? '', amount: r.amount, tds: r.tds, method: r.method, reference: r.reference };
    if (rows.length < EXPORT_PAGE) return;
    const last: { paidOn: string; receiptNumber: string } = rows[rows.length - 1]!;
    after = { group: last.paidOn, number: last.receiptNumber };
  }
}

/**
 * The clients of a range (of its documents and of its receipts), one per name: the party ledgers
 * Tally creates and the customers Zoho Books imports. Keyset by name.
 */
export async function* exportParties(db: Database, firmId: string, range: DateRange): AsyncGenerator<TallyParty> {
  const name = legalNameOf(invoices);
  const inRange = or(
    and(isNotNull(invoices.number), notVoid, gte(invoices.issueDate, range.from), lte(invoices.issueDate, range.to)),
    sql`exists (select 1 from ${invoicePayments} where ${invoicePayments.invoiceId} = ${invoices.id} and ${invoicePayments.paidOn} between ${range.from} and ${range.to})`,
  );
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .selectDistinctOn([name], { name, buyer: invoices.buyer })
      .from(invoices)
      .where(and(eq(invoices.issuerId, firmId), eq(invoices.kind, 'invoice'), ne(name, ''), inRange, after === null ? undefined : gt(name, after)))
      .orderBy(asc(name), sql`${invoices.issueDate} desc nulls last`)
      .limit(EXPORT_PAGE);
    for (const r of rows) yield partyOf(r.buyer);
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.name;
  }
}
