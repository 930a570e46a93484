import { sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { documentCounters } from '../db/schema/index.js';
import { financialYearOf, type FinancialYear } from '../money/numbering.js';

export const DOCUMENT_KINDS = ['invoice', 'credit-note', 'receipt', 'purchase-order'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The issuer of the platform's own documents (its subscription invoices), beside firms' account ids. */
export const PLATFORM_ISSUER = 'platform';

/**
 * The next number of a kind of document for an issuer, in the financial year of `at`. Call it
 * inside the transaction that issues the document: the counter row stays locked until that
 * transaction ends, so concurrent issues wait in turn, and a rollback returns the number.
 */
export async function nextDocumentSequence(
  tx: Database,
  issuerId: string,
  kind: DocumentKind,
  at: Date,
): Promise<{ year: FinancialYear; sequence: number }> {
  const year = financialYearOf(at);
  const [row] = await tx
    .insert(documentCounters)
    .values({ issuerId, kind, startYear: year.startYear, lastNumber: 1 })
    .onConflictDoUpdate({ target: [documentCounters.issuerId, documentCounters.kind, documentCounters.startYear], set: { lastNumber: sql`${documentCounters.lastNumber} + 1` } })
    .returning({ sequence: documentCounters.lastNumber });
  const sequence = row!.sequence;
  return { year, sequence };
}
