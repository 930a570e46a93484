import { z } from 'zod/v4';

/**
 * The welcome link of a firm's new employee (docs/decisions/236): the page that
 * shows who added the address, and its two answers, Confirm and This was not me. No account needed.
 */

export const CONFIRMATION_MESSAGES = {
  invalid: 'This link is invalid or has expired. Ask your firm to send a new one.',
  confirmed: 'Your account is confirmed. Sign in with this email and the password your firm gave you.',
  released: 'Thank you. The account has been removed and your address is free; the firm has been told.',
} as const;

export const ConfirmationTokenParams = z.object({ token: z.string().max(200) });

export const PendingAccount = z.object({ userName: z.string(), email: z.string(), firmName: z.string(), lapsesAt: z.string() });
export type PendingAccount = z.infer<typeof PendingAccount>;

export const PendingAccountReply = z.object({ data: PendingAccount });
export type PendingAccountReply = z.infer<typeof PendingAccountReply>;
