import { z } from 'zod/v4';
import { checkSeller, ItemTax, SellerFields, SellerProfile, withCanonicalState } from './billing.js';
import { StaleReply, withVersion } from './http.js';

export * from './platform-billing-rules.js';

/**
 * The platform's own billing (docs/decisions/287): its billing profile, set by the
 * super-admin in admin Setting, prints on the subscription invoices that Pricing → Continue issues
 * to a firm; marking the firm paid records the payment and gives its receipt.
 */

export const PlatformBillingBody = z
  .object({ ...SellerFields, subscription: ItemTax })
  .superRefine(checkSeller)
  .transform(withCanonicalState);
export type PlatformBillingBody = z.input<typeof PlatformBillingBody>;
export type PlatformBillingFields = z.output<typeof PlatformBillingBody>;
/** PUT: the fields and the version they were read at (0 before the first save; docs/decisions/320). */
export const PlatformBillingChanges = withVersion(PlatformBillingBody);
export type PlatformBillingChanges = z.input<typeof PlatformBillingChanges>;

export const PlatformBillingProfile = SellerProfile.extend({ subscription: ItemTax, version: z.number(), updatedAt: z.string() });
export type PlatformBillingProfile = z.infer<typeof PlatformBillingProfile>;
export const PlatformBillingStaleReply = StaleReply(PlatformBillingProfile);

/** GET: the profile, or null before the super-admin first saves one (no subscription invoice can be issued then). */
export const PlatformBillingReply = z.object({ data: PlatformBillingProfile.nullable() });
export type PlatformBillingReply = z.infer<typeof PlatformBillingReply>;
export const PlatformBillingSavedReply = z.object({ message: z.string(), data: PlatformBillingProfile });
export type PlatformBillingSavedReply = z.infer<typeof PlatformBillingSavedReply>;
