import { isoDay } from '../contract/dates.js';
import type { PlatformBillingProfile } from '../contract/platform-billing.js';
import type { Database } from '../db/connection.js';
import { outstandingOf } from '../money/balance.js';
import { supplyKind } from '../money/totals.js';
import { PLATFORM_ISSUER } from '../queries/document-numbers.js';
import { insertInvoice } from '../queries/invoice-writes.js';
import type { InvoiceRow, PaymentRow } from '../queries/invoices.js';
import { firmAsBuyer, findPlatformProfile, lockOpenSubscriptionInvoice } from '../queries/platform-billing.js';
import { markPaid, requestSubscription, type SubscriptionRow } from '../queries/subscriptions.js';
import { PRICE_PAISE_PER_YEAR } from '../contract/subscription-rules.js';
import type { PaymentMethod } from '../contract/invoices-rules.js';
import { priceLines } from './invoice-drafts.js';
import { issueLocked, placeOfSupply, recordPayment } from './invoices.js';
import { defaultUnit, wholeQuantity } from '../contract/quantity.js';

/**
 * The platform's subscription invoices (docs/decisions/287). Continue records the
 * request and, once the super-admin has set the platform's billing profile, issues the year's
 * invoice to the firm through the same life as a firm's invoices; marking the firm paid records the
 * payment of what it still owes, which gives the receipt. Each runs in one transaction that first
 * writes the firm's subscription row, so two Continues at once wait for each other and the second
 * finds the first one's invoice instead of issuing another.
 */

export type Requested = { subscription: SubscriptionRow; invoice: InvoiceRow | null; issued: boolean };

export function requestWithInvoice(db: Database, firmId: string, actorId: string, productName: string, now = new Date()): Promise<Requested> {
  return db.transaction(async (tx) => {
    const subscription = await requestSubscription(tx, firmId, actorId, now);
    const open = await lockOpenSubscriptionInvoice(tx, firmId);
    if (open) return { subscription, invoice: open, issued: false };
    const platform = await findPlatformProfile(tx);
    if (!platform) return { subscription, invoice: null, issued: false };
    return { subscription, invoice: await issueSubscriptionInvoice(tx, platform, firmId, actorId, productName, now), issued: true };
  });
}

async function issueSubscriptionInvoice(tx: Database, platform: PlatformBillingProfile, firmId: string, actorId: string, productName: string, now: Date) {
  const buyer = await firmAsBuyer(tx, firmId, platform.state);
  const supply = supplyKind(platform.state, buyer.state);
  const line = {
    description: `${productName} for firms: subscription for one year`,
    hsnSac: platform.subscription.hsnSac,
    unit: defaultUnit(platform.subscription.hsnSac),
    sourceItemId: null,
    input: { quantityMilli: wholeQuantity(1), unitPrice: PRICE_PAISE_PER_YEAR, discount: 0, rateBp: platform.subscription.rateBp },
  };
  const { stored, totals } = priceLines([line], supply);
  const draft = await insertInvoice(
    tx,
    { issuerId: PLATFORM_ISSUER, firmId, kind: 'invoice', contactId: null, projectId: null, status: 'draft', supply, placeOfSupply: placeOfSupply(buyer.state), createdBy: actorId },
    totals,
    stored,
  );
  return issueLocked(tx, draft, { profile: platform, sellerEmail: '', buyer, contactId: null }, actorId, now);
}

export type Paid = { subscription: SubscriptionRow; invoice: InvoiceRow | null; payment: PaymentRow | null };

/** The super-admin's Mark paid: the paid period set and, when the firm owes a subscription invoice, its payment recorded. */
export function markPaidWithReceipt(
  db: Database,
  firmId: string,
  adminId: string,
  body: { paidUntil: string; method: PaymentMethod; reference: string },
  now = new Date(),
): Promise<Paid> {
  return db.transaction(async (tx) => {
    const subscription = await markPaid(tx, firmId, adminId, body.paidUntil, now);
    const open = await lockOpenSubscriptionInvoice(tx, firmId);
    if (!open) return { subscription, invoice: null, payment: null };
    const amount = outstandingOf({ total: open.total, credited: open.credited, received: open.received });
    const payment = await recordPayment(tx, adminId, PLATFORM_ISSUER, open.id, { paidOn: isoDay(now), amount, method: body.method, reference: body.reference }, now);
    return { subscription, invoice: open, payment };
  });
}
