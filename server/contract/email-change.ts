import { z } from 'zod/v4';
import { email } from './users.js';

/**
 * Changing the login email (docs/decisions/066-login-email-change.md): the current password, then
 * a 6-digit code mailed to the new address. The profile form no longer changes the login email.
 */

/** POST /api/users/email-change */
export const EmailChangeBody = z.object({
  newEmail: email('New email is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type EmailChangeInput = z.input<typeof EmailChangeBody>;

export const CODE_MESSAGE = 'Enter the 6-digit code';

/** POST /api/users/email-change/confirm */
export const EmailChangeConfirmBody = z.object({
  code: z.string({ error: CODE_MESSAGE }).trim().regex(/^\d{6}$/, CODE_MESSAGE),
});
export type EmailChangeConfirmInput = z.input<typeof EmailChangeConfirmBody>;

/** The change waiting for its code: where the code went and until when it is valid. */
export const PendingEmailChange = z.object({ newEmail: z.string(), expiresAt: z.string() });
export type PendingEmailChange = z.infer<typeof PendingEmailChange>;

/** POST /api/users/email-change answers the pending change; GET /api/users/email-change the one waiting, if any. */
export const EmailChangeReply = z.object({ message: z.string(), pending: PendingEmailChange });
export type EmailChangeReply = z.infer<typeof EmailChangeReply>;
export const PendingEmailChangeReply = z.object({ pending: PendingEmailChange.nullable() });
export type PendingEmailChangeReply = z.infer<typeof PendingEmailChangeReply>;
