import { z } from 'zod/v4';

/**
 * The public showcase's own operations beside the spec's (docs/decisions/385-387): a firm's
 * contact details for the Contact popup, and the sitemap pages.
 */

/** GET /api/firms/{firmId}/contact: what the Contact popup shows, limited per visitor address (decision 386). */
export const FirmContact = z.object({
  email: z.string().nullable(),
  contactNo: z.string().nullable(),
  website: z.string().nullable(),
});
export type FirmContact = z.infer<typeof FirmContact>;
export const FirmContactReply = z.object({ data: FirmContact });
export type FirmContactReply = z.infer<typeof FirmContactReply>;

export * from './showcase-rules.js';
