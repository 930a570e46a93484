import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CostKind, StageTemplate } from '../contract/fees-rules.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { notFound } from '../errors.js';
import { writeAtVersion } from './versions.js';
import { contacts, feeAgreements, feeCosts, feeStageDocuments, feeStages, invoices } from '../db/schema/index.js';

/** Reads and writes of fee agreements, their stages, costs of works and stage documents (docs/decisions/425–428). */

export type FeeAgreementRow = typeof feeAgreements.$inferSelect;
export type FeeStageRow = typeof feeStages.$inferSelect;
export type FeeCostRow = typeof feeCosts.$inferSelect;
export type FeeDocumentRow = typeof feeStageDocuments.$inferSelect;
export type AgreementTerms = Omit<typeof feeAgreements.$inferInsert, 'id' | 'firmId' | 'projectId' | 'createdAt' | 'updatedAt'>;

export async function findAgreement(db: Database, firmId: string, projectId: string): Promise<FeeAgreementRow | undefined> {
  const [row] = await db
    .select()
    .from(feeAgreements)
    .where(and(eq(feeAgreements.projectId, projectId), eq(feeAgreements.firmId, firmId)))
    .limit(1);
  return row;
}

/** The agreement's row locked: stage billing under one agreement happens one at a time. */
export async function lockAgreement(tx: Database, id: string): Promise<FeeAgreementRow> {
  const [row] = await tx.select().from(feeAgreements).where(eq(feeAgreements.id, id)).limit(1).for('update');
  return row!;
}

export async function insertAgreement(tx: Database, firmId: string, projectId: string, terms: AgreementTerms, stages: readonly StageTemplate[]): Promise<FeeAgreementRow> {
  const [row] = await tx
    .insert(feeAgreements)
    .values({ id: newId(), firmId, projectId, ...terms })
    .returning();
  if (stages.length) await tx.insert(feeStages).values(stages.map((s, position) => ({ id: newId(), agreementId: row!.id, position, ...s })));
  return row!;
}

/**
 * Changes the agreement from the version its person read (docs/decisions/320, 421): `set` may be
 * empty, as when a stage changed (the agreement's version counts its stages' edits too). Without a
 * version (a caller that names none, e.g. a move) the change is written and the version raised all
 * the same, so whoever edits next from an older version answers 409.
 */
export async function changeAgreement<J>(tx: Database, agreement: FeeAgreementRow, change: { version?: number; actorId: string; set?: Partial<AgreementTerms>; toJson: (row: FeeAgreementRow) => Promise<J> }): Promise<FeeAgreementRow> {
  const key = and(eq(feeAgreements.id, agreement.id), eq(feeAgreements.firmId, agreement.firmId))!;
  return writeAtVersion(tx, feeAgreements, {
    key,
    version: change.version ?? agreement.version,
    actorId: change.actorId,
    set: change.set ?? {},
    toJson: change.toJson,
    missing: () => notFound('Fee agreement not found'),
  });
}

export const stagesOf = (db: Database, agreementId: string) => db.select().from(feeStages).where(eq(feeStages.agreementId, agreementId)).orderBy(asc(feeStages.position), asc(feeStages.id));
export const costsOf = (db: Database, agreementId: string) => db.select().from(feeCosts).where(eq(feeCosts.agreementId, agreementId)).orderBy(asc(feeCosts.createdAt), asc(feeCosts.id));

export async function insertStage(tx: Database, agreementId: string, stage: StageTemplate): Promise<FeeStageRow> {
  const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${feeStages.position}) + 1, 0)::int` }).from(feeStages).where(eq(feeStages.agreementId, agreementId))) as [{ next: number }];
  const [row] = await tx
    .insert(feeStages)
    .values({ id: newId(), agreementId, position: next, ...stage })
    .returning();
  return row!;
}

export async function updateStage(tx: Database, id: string, changes: Partial<Pick<FeeStageRow, 'name' | 'shareBp' | 'costBasis' | 'minimum' | 'reachedOn' | 'position'>>): Promise<void> {
  await tx.update(feeStages).set(changes).where(eq(feeStages.id, id));
}

export async function deleteStage(tx: Database, id: string): Promise<void> {
  await tx.delete(feeStages).where(eq(feeStages.id, id));
}

export async function insertCost(tx: Database, values: { agreementId: string; kind: CostKind; amount: number; recordedOn: string; note: string; createdBy: string }): Promise<void> {
  await tx.insert(feeCosts).values({ id: newId(), ...values });
}

export async function insertStageDocument(tx: Database, values: Omit<typeof feeStageDocuments.$inferInsert, 'id' | 'createdAt'>): Promise<void> {
  await tx.insert(feeStageDocuments).values({ id: newId(), ...values });
}

export type AgreementDocument = FeeDocumentRow & { invoice: typeof invoices.$inferSelect };

/** The invoices and credit notes the agreement's stages produced, newest first. */
export async function documentsOf(db: Database, agreementId: string): Promise<AgreementDocument[]> {
  const rows = await db
    .select({ doc: feeStageDocuments, invoice: invoices })
    .from(feeStageDocuments)
    .innerJoin(invoices, eq(invoices.id, feeStageDocuments.invoiceId))
    .where(eq(feeStageDocuments.agreementId, agreementId))
    .orderBy(desc(feeStageDocuments.createdAt), desc(feeStageDocuments.id));
  return rows.map((r) => ({ ...r.doc, invoice: r.invoice }));
}

/**
 * Everything billed under the agreement, before GST: its stage invoices that are not void (drafts
 * count, so a second draft never bills the same share) less every credit note against them (the
 * stages' true-ups and any the firm issued by hand).
 */
export async function billedUnder(db: Database, agreementId: string): Promise<number> {
  const stageInvoices = db
    .select({ id: feeStageDocuments.invoiceId })
    .from(feeStageDocuments)
    .innerJoin(invoices, eq(invoices.id, feeStageDocuments.invoiceId))
    .where(and(eq(feeStageDocuments.agreementId, agreementId), eq(invoices.kind, 'invoice'), ne(invoices.status, 'void')));
  const [row] = await db
    .select({
      invoiced: sql<string>`coalesce(sum(case when ${invoices.kind} = 'invoice' then ${invoices.taxable} else 0 end), 0)`,
      credited: sql<string>`coalesce(sum(case when ${invoices.kind} = 'credit-note' then ${invoices.taxable} else 0 end), 0)`,
    })
    .from(invoices)
    .where(and(ne(invoices.status, 'void'), sql`(${inArray(invoices.id, stageInvoices)} or ${inArray(invoices.creditFor, stageInvoices)})`));
  return Number(row?.invoiced ?? 0) - Number(row?.credited ?? 0);
}

/** The firm's clients a stage invoice can go to, by name (bounded: a select's options). */
export async function clientsOfFirm(db: Database, firmId: string) {
  return db
    .select({ id: contacts.id, name: contacts.name, company: contacts.company })
    .from(contacts)
    .where(and(eq(contacts.firmId, firmId), eq(contacts.isClient, true)))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(500);
}
