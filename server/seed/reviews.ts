import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { invoices, summarySections } from '../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { insertClientDecision, insertShareLink } from '../queries/share-links.js';
import { newToken } from '../services/tokens.js';
import { createPricedSchedule } from './invoices.js';

/** Factories of the review rules' tests and journeys (docs/decisions/409). */

let counter = 0;

/**
 * An issued invoice of the firm to `contactId` for `projectId`, written with its status directly
 * (`paid` by default): what the review link checks, without the money path that the invoice tests prove.
 */
export async function createInvoiceWithStatus(db: Database, firmId: string, fields: { projectId: string; contactId: string; status?: 'issued' | 'part_paid' | 'paid' | 'draft' | 'void'; kind?: 'invoice' | 'credit-note' }) {
  counter += 1;
  const [row] = await db
    .insert(invoices)
    .values({
      id: newId(),
      issuerId: firmId,
      firmId,
      kind: fields.kind ?? 'invoice',
      contactId: fields.contactId,
      projectId: fields.projectId,
      status: fields.status ?? 'paid',
      number: `RV/${Date.now()}/${counter}`,
      supply: 'intra',
      total: 1_00_000_00,
      received: fields.status === 'paid' || fields.status === undefined ? 1_00_000_00 : 0,
      issueDate: '2026-11-01',
      issuedAt: new Date(),
    })
    .returning();
  return row!;
}

/**
 * A schedule of the project with an approval link for `clientName` (its token answered), every
 * section approved through it when `approved`, else one left in review.
 */
export async function createScheduleLink(db: Database, firmId: string, projectId: string, { approved = true, clientName = 'Mrs Rao' } = {}) {
  const priced = await createPricedSchedule(db, firmId, projectId);
  const { token, hash } = newToken();
  const link = await insertShareLink(db, { firmId, projectId, scheduleId: priced.schedule.id, tokenHash: hash, clientName, createdBy: firmId, expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000) });
  await insertClientDecision(db, { link: link.link, sectionId: priced.approvedSectionId, sectionName: 'Approved', decision: 'approved', comment: '' });
  if (approved) {
    await db.update(summarySections).set({ status: 'approved' }).where(eq(summarySections.scheduleId, priced.schedule.id));
    await insertClientDecision(db, { link: link.link, sectionId: priced.reviewSectionId, sectionName: 'Review', decision: 'approved', comment: '' });
  }
  return { token, link: link.link, schedule: priced.schedule };
}
