import { z } from 'zod/v4';

/**
 * The link mailed at sign-up that proves the account receives mail at its address
 * (docs/decisions/340): an enquiry from an account with a proven address and some history always
 * reaches the firm. No session needed: whoever holds the link holds the mailbox.
 */

export const ADDRESS_MESSAGES = {
  invalid: 'This link is invalid or was already used.',
  confirmed: 'Thank you: your email address is confirmed.',
} as const;

export const AddressTokenParams = z.object({ token: z.string().max(200) });
