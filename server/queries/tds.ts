import { and, asc, eq, gt, gte, like, lte } from 'drizzle-orm';
import type { TdsCertificateBody, TdsReport, TdsRow } from '../contract/tds.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { contacts, invoicePayments, invoices, tdsCertificates } from '../db/schema/index.js';
import { reportedByTanAndQuarter, type Form26asEntry } from '../money/form-26as.js';
import { quarterOf } from '../money/tds.js';

/** TDS by client and quarter (docs/decisions/415, 416): three queries whatever the number of payments. */

/** The financial year ("2026-27") of an ISO day. */
export const financialYearOf = (day: string) => quarterOf(day).fy;

export async function insertCertificate(db: Database, firmId: string, actorId: string, body: Required<TdsCertificateBody>) {
  const [row] = await db
    .insert(tdsCertificates)
    .values({ id: newId(), firmId, contactId: body.contactId, tan: body.tan, quarter: body.quarter, number: body.number, issuedOn: body.issuedOn, amount: body.amount, createdBy: actorId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function tdsReport(db: Database, firmId: string, fy: string, statement?: { entries: Form26asEntry[]; problems: string[] }): Promise<TdsReport> {
  const start = `${fy.slice(0, 4)}-04-01`;
  const end = `${Number(fy.slice(0, 4)) + 1}-03-31`;
  const [payments, certificates, clients] = await Promise.all([
    db
      .select({ contactId: invoices.contactId, buyer: invoices.buyer, contactName: contacts.name, paidOn: invoicePayments.paidOn, tds: invoicePayments.tdsPaise, tan: invoicePayments.tdsTan })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .leftJoin(contacts, eq(contacts.id, invoices.contactId))
      .where(and(eq(invoices.issuerId, firmId), eq(invoices.kind, 'invoice'), gt(invoicePayments.tdsPaise, 0), gte(invoicePayments.paidOn, start), lte(invoicePayments.paidOn, end)))
      .orderBy(asc(invoicePayments.paidOn)),
    db
      .select({ id: tdsCertificates.id, contactId: tdsCertificates.contactId, contactName: contacts.name, tan: tdsCertificates.tan, quarter: tdsCertificates.quarter, number: tdsCertificates.number, issuedOn: tdsCertificates.issuedOn, amount: tdsCertificates.amount })
      .from(tdsCertificates)
      .leftJoin(contacts, eq(contacts.id, tdsCertificates.contactId))
      .where(and(eq(tdsCertificates.firmId, firmId), like(tdsCertificates.quarter, `${fy} Q%`)))
      .orderBy(asc(tdsCertificates.issuedOn)),
    db
      .select({ id: contacts.id, name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.firmId, firmId), eq(contacts.isClient, true)))
      .orderBy(asc(contacts.name)),
  ]);
  const rows = new Map<string, TdsRow>();
  const rowFor = (contactId: string | null, clientName: string, quarterKey: string, day: string) => {
    const key = `${contactId ?? clientName} ${quarterKey}`;
    let row = rows.get(key);
    if (!row) {
      const q = quarterOf(day);
      row = { contactId, clientName, tan: '', quarter: q.key, quarterLabel: q.label, returnDue: q.returnDue, certificateDue: q.certificateDue, deducted: 0, certificates: [], certified: 0, missing: 0, reported: null };
      rows.set(key, row);
    }
    return row;
  };
  for (const p of payments) {
    const row = rowFor(p.contactId, p.buyer?.legalName || p.contactName || 'No client', quarterOf(p.paidOn).key, p.paidOn);
    row.deducted += p.tds;
    if (p.tan) row.tan = p.tan;
  }
  for (const c of certificates) {
    // The quarter's first day stands for the quarter when no payment opened its row.
    const firstDay = quarterStart(c.quarter);
    const row = rowFor(c.contactId, c.contactName ?? 'No client', c.quarter, firstDay);
    row.certificates.push({ id: c.id, number: c.number, issuedOn: c.issuedOn, amount: c.amount, tan: c.tan });
    row.certified += c.amount;
    if (c.tan) row.tan = c.tan;
  }
  const reported = statement ? reportedByTanAndQuarter(statement.entries.filter((e) => e.quarter.startsWith(fy))) : new Map();
  const matched = new Set<string>();
  const list = [...rows.values()].sort((a, b) => a.quarter.localeCompare(b.quarter) || a.clientName.localeCompare(b.clientName));
  for (const row of list) {
    row.missing = Math.max(0, row.deducted - row.certified);
    if (statement) {
      const key = `${row.tan} ${row.quarter}`;
      row.reported = row.tan ? (reported.get(key)?.deducted ?? 0) : null;
      matched.add(key);
    }
  }
  const unmatched = [...reported.entries()].filter(([key]) => !matched.has(key)).map(([, r]) => ({ tan: r.tan, deductorName: r.deductorName, quarter: r.quarter, deducted: r.deducted }));
  const sum = (pick: (r: TdsRow) => number) => list.reduce((s, r) => s + pick(r), 0);
  return { fy, clients, rows: list, totals: { deducted: sum((r) => r.deducted), certified: sum((r) => r.certified), missing: sum((r) => r.missing) }, unmatched, problems: statement?.problems ?? [] };
}

/** "2026-27 Q3" → "2026-10-01". */
function quarterStart(key: string): string {
  const year = Number(key.slice(0, 4));
  const q = Number(key.slice(-1));
  return q === 4 ? `${year + 1}-01-01` : `${year}-${String(1 + q * 3).padStart(2, '0')}-01`;
}
