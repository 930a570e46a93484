import { eq } from 'drizzle-orm';
import { notFound } from '../errors.js';
import { staleOrMissing, writeAtVersion } from './versions.js';
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
    reverseCharge: row.reverseCharge,
    roundOff: row.roundOff,
    upiLimit: row.upiLimit,
    hasSignature: row.signatureKey !== null,
    version: row.version,
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

const profileValues = (fields: BillingProfileFields) => ({ ...fields, gstin: fields.gstin || null, pan: fields.pan || null });

/**
 * The firm's save from the version it read (docs/decisions/320): version 0 makes the first profile
 * (409 when another save made it meanwhile), any other replaces the profile only while it is still
 * at that version.
 */
export async function saveBillingProfileAtVersion(db: Database, firmId: string, updatedBy: string, fields: BillingProfileFields, version: number): Promise<BillingProfileRow> {
  const key = eq(firmBillingProfiles.firmId, firmId);
  const missing = () => notFound('The billing profile is not there any more');
  if (version === 0) {
    const [made] = await db
      .insert(firmBillingProfiles)
      .values({ firmId, ...profileValues(fields), updatedBy, updatedAt: new Date() })
      .onConflictDoNothing({ target: firmBillingProfiles.firmId })
      .returning();
    if (made) return made;
    throw await staleOrMissing(db, firmBillingProfiles, key, toBillingProfileJson, missing);
  }
  return writeAtVersion(db, firmBillingProfiles, { key, version, actorId: updatedBy, set: profileValues(fields), toJson: toBillingProfileJson, missing });
}

/**
 * Sets (or, with null, removes) the profile's signature key (decision 402) under the row's lock, so
 * two uploads at once each hand back the key they replaced and no file is left behind. Answers
 * the row and the key it replaced, or null without a profile. The profile's version is not raised:
 * the signature is not one of the fields its form saves.
 */
export async function replaceSignatureKey(db: Database, firmId: string, key: string | null): Promise<{ row: BillingProfileRow; previous: string | null } | null> {
  return db.transaction(async (tx) => {
    const where = eq(firmBillingProfiles.firmId, firmId);
    const [current] = await tx.select({ key: firmBillingProfiles.signatureKey }).from(firmBillingProfiles).where(where).for('update');
    if (!current) return null;
    const [row] = await tx.update(firmBillingProfiles).set({ signatureKey: key }).where(where).returning();
    return { row: row!, previous: current.key };
  });
}
