import { eq } from 'drizzle-orm';
import { DEFAULT_ITEM_TAXES, ItemTaxes, type BillingProfile, type BillingProfileFields } from '../contract/billing.js';
import type { Database } from '../db/connection.js';
import { firmBillingProfiles } from '../db/schema/index.js';

/** Data access of a firm's billing profile (docs/decisions/256) and its JSON. */

export type BillingProfileRow = typeof firmBillingProfiles.$inferSelect;

export function toBillingProfileJson(row: BillingProfileRow): BillingProfile {
  // A stored value the contract no longer accepts (a rate since withdrawn) falls back to the defaults.
  const itemTaxes = ItemTaxes.safeParse(row.itemTaxes);
  return {
    legalName: row.legalName,
    address: row.address,
    state: row.state,
    gstin: row.gstin ?? '',
    pan: row.pan ?? '',
    bankAccountName: row.bankAccountName,
    bankAccountNumber: row.bankAccountNumber,
    bankIfsc: row.bankIfsc,
    upiId: row.upiId,
    invoicePrefix: row.invoicePrefix,
    paymentTermsDays: row.paymentTermsDays,
    proposalTerms: row.proposalTerms,
    proposalValidityDays: row.proposalValidityDays,
    itemTaxes: itemTaxes.success ? itemTaxes.data : DEFAULT_ITEM_TAXES,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findBillingProfile(db: Database, firmId: string): Promise<BillingProfileRow | undefined> {
  const [row] = await db.select().from(firmBillingProfiles).where(eq(firmBillingProfiles.firmId, firmId)).limit(1);
  return row;
}

/** Makes or replaces the firm's profile (one row per firm). */
export async function saveBillingProfile(db: Pick<Database, 'insert'>, firmId: string, updatedBy: string, fields: BillingProfileFields): Promise<BillingProfileRow> {
  const values = { ...fields, gstin: fields.gstin || null, pan: fields.pan || null, updatedBy, updatedAt: new Date() };
  const [row] = await db
    .insert(firmBillingProfiles)
    .values({ firmId, ...values })
    .onConflictDoUpdate({ target: firmBillingProfiles.firmId, set: values })
    .returning();
  return row!;
}
