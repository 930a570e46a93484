import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { notFound } from '../errors.js';
import { staleOrMissing, writeAtVersion } from './versions.js';
import type { PlatformBillingFields, PlatformBillingProfile } from '../contract/platform-billing.js';
import type { SubscriptionInvoice } from '../contract/subscription-invoices.js';
import type { Party } from '../contract/invoices.js';
import type { Database } from '../db/connection.js';
import { firmBillingProfiles, invoicePayments, invoices, platformBillingProfile, users } from '../db/schema/index.js';
import { isOverdue, outstandingOf } from '../money/balance.js';
import { PLATFORM_ISSUER } from './document-numbers.js';
import type { InvoiceRow } from './invoices.js';

/** The platform's billing profile and its subscription invoices to firms (docs/decisions/287). */

const PROFILE_ROW = 'platform';

const profileJson = (row: typeof platformBillingProfile.$inferSelect): PlatformBillingProfile => ({ ...(row.profile as PlatformBillingFields), version: row.version, updatedAt: row.updatedAt.toISOString() });

export async function findPlatformProfile(db: Database): Promise<PlatformBillingProfile | undefined> {
  const [row] = await db.select().from(platformBillingProfile).where(eq(platformBillingProfile.id, PROFILE_ROW)).limit(1);
  return row ? profileJson(row) : undefined;
}

/** Makes or replaces the profile whatever its version (the seed). */
export async function savePlatformProfile(db: Database, profile: PlatformBillingFields, adminId: string): Promise<PlatformBillingProfile> {
  const values = { profile, updatedBy: adminId, updatedAt: new Date() };
  const [row] = await db
    .insert(platformBillingProfile)
    .values({ id: PROFILE_ROW, ...values })
    .onConflictDoUpdate({ target: platformBillingProfile.id, set: { ...values, version: sql`${platformBillingProfile.version} + 1` } })
    .returning();
  return profileJson(row!);
}

/** The super-admin's save from the version read (docs/decisions/320): 0 makes the first profile; 409 when another admin saved meanwhile. */
export async function savePlatformProfileAtVersion(db: Database, profile: PlatformBillingFields, adminId: string, version: number): Promise<PlatformBillingProfile> {
  const key = eq(platformBillingProfile.id, PROFILE_ROW);
  const missing = () => notFound('The platform billing profile is not there any more');
  if (version === 0) {
    const [made] = await db.insert(platformBillingProfile).values({ id: PROFILE_ROW, profile, updatedBy: adminId, updatedAt: new Date() }).onConflictDoNothing({ target: platformBillingProfile.id }).returning();
    if (made) return profileJson(made);
    throw await staleOrMissing(db, platformBillingProfile, key, profileJson, missing);
  }
  return profileJson(await writeAtVersion(db, platformBillingProfile, { key, version, actorId: adminId, set: { profile }, toJson: profileJson, missing }));
}

const ofPlatform = (firmId: string) => and(eq(invoices.issuerId, PLATFORM_ISSUER), eq(invoices.kind, 'invoice'), eq(invoices.firmId, firmId));

/** The firm's subscription invoice still owed (issued or part paid), locked for the caller's transaction. */
export async function lockOpenSubscriptionInvoice(tx: Database, firmId: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(ofPlatform(firmId), inArray(invoices.status, ['issued', 'part_paid'])))
    .orderBy(desc(invoices.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** A subscription invoice of this firm by id (a firm's own invoices and other firms' do not exist here). */
export async function findSubscriptionInvoice(db: Database, firmId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), ofPlatform(firmId)))
    .limit(1);
  return row;
}

/** Any platform invoice by id, for the super-admin. */
export async function findPlatformInvoice(db: Database, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.issuerId, PLATFORM_ISSUER)))
    .limit(1);
  return row;
}

/**
 * Each firm's latest issued subscription invoice (drafts and voids left out) with its receipts, in
 * two queries for a whole page of firms.
 */
export async function latestSubscriptionInvoices(db: Database, firmIds: string[], today: string): Promise<Map<string, SubscriptionInvoice>> {
  const result = new Map<string, SubscriptionInvoice>();
  if (!firmIds.length) return result;
  const rows = await db
    .selectDistinctOn([invoices.firmId])
    .from(invoices)
    .where(and(eq(invoices.issuerId, PLATFORM_ISSUER), eq(invoices.kind, 'invoice'), inArray(invoices.firmId, firmIds), notInArray(invoices.status, ['draft', 'void'])))
    .orderBy(invoices.firmId, desc(invoices.createdAt), desc(invoices.id));
  if (!rows.length) return result;
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(
      inArray(
        invoicePayments.invoiceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt));
  for (const row of rows) {
    const balance = { total: row.total, credited: row.credited, received: row.received };
    const open = row.status === 'issued' || row.status === 'part_paid';
    result.set(row.firmId, {
      id: row.id,
      number: row.number ?? '',
      status: row.status as SubscriptionInvoice['status'],
      issueDate: row.issueDate ?? '',
      dueDate: row.dueDate ?? '',
      total: row.total,
      outstanding: open ? outstandingOf(balance) : 0,
      overdue: open && isOverdue(balance, row.dueDate, today),
      receipts: payments.filter((p) => p.invoiceId === row.id).map((p) => ({ paymentId: p.id, receiptNumber: p.receiptNumber, amount: p.amount, paidOn: p.paidOn })),
    });
  }
  return result;
}

/**
 * The firm as the buyer of its subscription: its billing profile when it has one, else its account.
 * A firm in India whose state is not on record is placed in `unknownState` (the supplier's: the
 * place of supply when the recipient's address is not known, section 12(2) of the IGST Act).
 */
export async function firmAsBuyer(db: Database, firmId: string, unknownState: string): Promise<Party> {
  const [row] = await db
    .select({ user: users, profile: firmBillingProfiles })
    .from(users)
    .leftJoin(firmBillingProfiles, eq(firmBillingProfiles.firmId, users.id))
    .where(eq(users.id, firmId))
    .limit(1);
  const user = row!.user;
  const profile = row!.profile;
  if (profile) return { legalName: profile.legalName, address: profile.address, state: profile.state, gstin: profile.gstin ?? '', email: user.email };
  const inIndia = !user.country || user.country === 'India';
  return {
    legalName: user.firmName ?? user.userName,
    address: [user.address, user.city].filter(Boolean).join(', '),
    state: inIndia ? user.state || unknownState : '',
    gstin: '',
    email: user.email,
  };
}
