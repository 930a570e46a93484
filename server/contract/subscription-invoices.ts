import { z } from 'zod/v4';
import { INVOICE_STATUSES, PAYMENT_METHODS } from './invoices-rules.js';

/**
 * The platform's subscription invoice as the plan and the admin's firm list carry it
 * (docs/decisions/287), apart from the billing profile's schema so the plan's contract does
 * not bring the places data along.
 */

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
