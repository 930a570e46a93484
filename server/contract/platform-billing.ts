import { z } from 'zod/v4';
import { checkSeller, ItemTax, SellerFields, SellerProfile, withCanonicalState } from './billing.js';
import { INVOICE_STATUSES, PAYMENT_METHODS } from './invoices-rules.js';

/**
 * The platform's own billing (issue 28 item 8, docs/decisions/287): its billing profile, set by the
 * super-admin in admin Setting, prints on the subscription invoices that Pricing → Continue issues
 * to a firm; marking the firm paid records the payment and gives its receipt.
 */

/** SAC 998315: hosting and IT infrastructure provisioning, how a software subscription is usually billed in India. */
export const SUBSCRIPTION_DEFAULTS = { hsnSac: '998315', rateBp: 1800 } as const;

export const PlatformBillingBody = z
  .object({ ...SellerFields, subscription: ItemTax })
  .superRefine(checkSeller)
  .transform(withCanonicalState);
export type PlatformBillingBody = z.input<typeof PlatformBillingBody>;
export type PlatformBillingFields = z.output<typeof PlatformBillingBody>;

export const PlatformBillingProfile = SellerProfile.extend({ subscription: ItemTax, updatedAt: z.string() });
export type PlatformBillingProfile = z.infer<typeof PlatformBillingProfile>;

/** GET: the profile, or null before the super-admin first saves one (no subscription invoice can be issued then). */
export const PlatformBillingReply = z.object({ data: PlatformBillingProfile.nullable() });
export type PlatformBillingReply = z.infer<typeof PlatformBillingReply>;
export const PlatformBillingSavedReply = z.object({ message: z.string(), data: PlatformBillingProfile });
export type PlatformBillingSavedReply = z.infer<typeof PlatformBillingSavedReply>;

/** A firm's latest subscription invoice as Pricing and the admin's firm list show it, with its receipts. */
export const SubscriptionInvoice = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issueDate: z.string(),
  dueDate: z.string(),
  total: z.number(),
  outstanding: z.number(),
  overdue: z.boolean(),
  receipts: z.array(z.object({ paymentId: z.string(), receiptNumber: z.string(), amount: z.number(), paidOn: z.string() })),
});
export type SubscriptionInvoice = z.infer<typeof SubscriptionInvoice>;

/** How the super-admin says the firm paid (all optional: a bank transfer on the day by default). */
export const SubscriptionPaymentFields = {
  method: z.enum(PAYMENT_METHODS, { error: 'Choose how the firm paid' }).default('bank_transfer'),
  reference: z.string({ error: 'Must be text' }).trim().max(100, 'At most 100 characters').default(''),
};

export const PLATFORM_BILLING_MESSAGES = {
  saved: 'The platform billing profile is saved',
  missing: 'The platform billing profile is not set yet, so no invoice was issued: we will send it shortly.',
  notFound: 'Invoice not found',
} as const;
