import { z } from 'zod/v4';
import { CONTACT_NO_MESSAGE, WEBSITE_MESSAGE } from './contact-rules.js';

/**
 * The contact fields every form shares (firm registration, profile): one rule per field, so a
 * value the registration accepts is accepted by the profile too (decision 141).
 */

/** A 10-digit number; spaces, dashes and brackets people type in a phone number do not count. */
export const contactNumber = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    // abort: a blank value stops here (else the pipe below adds zod's own "Invalid input").
    .min(1, { error: requiredMessage, abort: true })
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\d{10}$/, CONTACT_NO_MESSAGE))
    // As sent: ten digits, with the spaces, dashes and brackets people type between them.
    .meta({ pattern: '^[\\s()-]*(?:\\d[\\s()-]*){10}$' });

/** An optional website; `https://` is added when no scheme is given. Empty becomes `empty`. */
export const websiteAddress = <E extends null | undefined>(empty: E) =>
  z
    .string()
    .trim()
    .max(300, 'At most 300 characters')
    .nullish()
    .transform((v): string | E => (v ? (/^https?:\/\//i.test(v) ? v : `https://${v}`) : empty))
    .refine((v) => v === empty || /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i.test(v as string), WEBSITE_MESSAGE);
