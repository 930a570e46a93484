import { and, asc, eq } from 'drizzle-orm';
import { isoDay } from '../contract/dates.js';
import { COA_MINIMUM_RATE, COA_STAGES } from '../contract/fees-rules.js';
import type { Database } from '../db/connection.js';
import { contacts } from '../db/schema/index.js';
import { findBillingProfile, toBillingProfileJson } from '../queries/billing.js';
import { insertAgreement, insertCost, stagesOf, updateStage } from '../queries/fees.js';
import { findInvoice } from '../queries/invoices.js';
import { approveWeek, insertEntry, saveRates } from '../queries/time.js';
import { addDays, weekStartOf } from '../contract/dates.js';
import { users } from '../db/schema/index.js';
import { billStage } from '../services/fees.js';
import { buyerParty, issueLocked } from '../services/invoices.js';

/**
 * The demo architecture firm's fee agreement (docs/decisions/425–427): its first workspace project
 * on the COA scale for an individual house (7.5 %), a rough estimate of ₹1,20,00,000, and the
 * retainer and concept stages reached, each billed through the stage billing and issued; its
 * employee's last week on the project approved at her rates (docs/decisions/371).
 */
export async function seedDemoFees(db: Database, firms: Array<{ id: string; email: string }>, projects: ReadonlyArray<{ id: string; userId: string }>) {
  const firm = firms.find((f) => f.email === 'studio@demo.test');
  const project = firm && projects.find((p) => p.userId === firm.id);
  if (!firm || !project) return;
  const profileRow = await findBillingProfile(db, firm.id);
  const [client] = await db.select().from(contacts).where(and(eq(contacts.firmId, firm.id), eq(contacts.isClient, true))).orderBy(asc(contacts.createdAt)).limit(1);
  if (!profileRow || !client) return;
  const profile = toBillingProfileJson(profileRow);
  const today = isoDay(new Date());
  const agreement = await insertAgreement(db, firm.id, project.id, { basis: 'percentage', workKind: 'individual_house', rateMilli: COA_MINIMUM_RATE.individual_house, contactId: client.id, updatedBy: firm.id }, COA_STAGES);
  await insertCost(db, { agreementId: agreement.id, kind: 'rough', amount: 1_20_00_000_00, recordedOn: today, note: 'From the brief: 3,200 sq ft at ₹3,750', createdBy: firm.id });
  const stages = await stagesOf(db, agreement.id);
  const actor = { id: firm.id, firmId: firm.id };
  // Retainer: 7.5 % of ₹1,20,00,000 = ₹9,00,000 × 5 % = ₹45,000 (above ₹20,000); concept: × 10 % − ₹45,000 = ₹45,000.
  for (const stage of stages.slice(0, 2)) {
    await updateStage(db, stage.id, { reachedOn: today });
    await db.transaction(async (tx) => {
      const billed = await billStage(tx, actor, agreement.id, stage.id, profile);
      const draft = (await findInvoice(tx, firm.id, billed.invoiceIds[0]!))!;
      await issueLocked(tx, draft, { profile, sellerEmail: firm.email, buyer: buyerParty(client), contactId: client.id }, firm.id);
    });
  }
  await seedDemoWeek(db, firm.id, project.id, stages[1]!.id, today);
}

/** The firm's employee's last week on the concept stage: 6 to 7 hours each working day, approved. */
async function seedDemoWeek(db: Database, firmId: string, projectId: string, stageId: string, today: string) {
  const [employee] = await db.select().from(users).where(eq(users.firmId, firmId)).orderBy(asc(users.createdAt)).limit(1);
  if (!employee) return;
  const week = addDays(weekStartOf(today), -7);
  const rates = { costRate: 800_00, billRate: 2_000_00 };
  await saveRates(db, firmId, employee.id, rates);
  const days: Array<[number, number, string]> = [
    [0, 420, 'Site survey and brief'],
    [1, 390, 'Concept massing options'],
    [2, 450, 'Concept plans'],
    [3, 360, 'Concept presentation'],
    [4, 405, 'Client meeting and revisions'],
  ];
  for (const [offset, minutes, note] of days) await insertEntry(db, { firmId, projectId, userId: employee.id, stageId, workDate: addDays(week, offset), minutes, note });
  await approveWeek(db, firmId, employee.id, week, addDays(week, 6), firmId, rates);
}
