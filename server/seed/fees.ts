import { and, asc, eq } from 'drizzle-orm';
import { isoDay } from '../contract/dates.js';
import { COA_MINIMUM_RATE, COA_STAGES } from '../contract/fees-rules.js';
import type { Database } from '../db/connection.js';
import { contacts } from '../db/schema/index.js';
import { findBillingProfile, toBillingProfileJson } from '../queries/billing.js';
import { insertAgreement, insertCost, stagesOf, updateStage } from '../queries/fees.js';
import { findInvoice } from '../queries/invoices.js';
import { billStage } from '../services/fees.js';
import { buyerParty, issueLocked } from '../services/invoices.js';

/**
 * The demo architecture firm's fee agreement (docs/decisions/425–427): its first workspace project
 * on the COA scale for an individual house (7.5 %), a rough estimate of ₹1,20,00,000, and the
 * retainer and concept stages reached, each billed through the stage billing and issued.
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
}
