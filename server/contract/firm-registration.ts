import { z } from 'zod/v4';
import { requiredText, optionalText } from './text-fields.js';
import { email, newPassword, User } from './users.js';
import { contactNumber, websiteAddress } from './contact-fields.js';
import { DOCUMENT_REFERENCE, DOCUMENT_REQUIRED_MESSAGE } from './firm-registration-rules.js';
import { FIRM_ROLES } from './vocabulary.js';

/**
 * Firm registration (showcase-and-accounts.md: Register-firm dialog, Firm registration entity,
 * section 5 rules) and the document upload: bodies with the spec's messages and reply shapes,
 * shared by the api and the web's server code. The plain values (messages, limits, options) live
 * in firm-registration-rules.ts, free of zod for browser code, and are re-exported here for the api.
 */

export {
  CONTACT_NO_MESSAGE,
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_REFERENCE,
  DOCUMENT_REQUIRED_MESSAGE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  FIRM_TYPE_OPTIONS,
  VERIFICATION_PROMISE,
} from './firm-registration-rules.js';

/** POST /api/users/user-firm */
export const FirmRegistrationBody = z.object({
  firmName: requiredText('Firm name is required', 120),
  firmType: z.enum(FIRM_ROLES, { error: 'Firm type is required' }),
  businessEmail: email('Business email is required'),
  contactNo: contactNumber('Contact number is required'),
  website: websiteAddress(undefined),
  address: requiredText('Address is required', 500),
  country: requiredText('Country is required', 100),
  // Required when the place data set lists states (cities) for the chosen country (state): placeRuleErrors.
  state: optionalText(100, undefined),
  city: optionalText(100, undefined),
  documentURL: z
    .string({ error: DOCUMENT_REQUIRED_MESSAGE })
    .trim()
    .min(1, DOCUMENT_REQUIRED_MESSAGE)
    .max(100)
    .regex(DOCUMENT_REFERENCE, 'Upload the document again'),
  /** Only when the account has no password yet (after a social sign-in); ignored otherwise. */
  password: newPassword().optional(),
});
export type FirmRegistrationBody = z.infer<typeof FirmRegistrationBody>;

export const FirmRegistrationReply = z.object({ user: User });
export type FirmRegistrationReply = z.infer<typeof FirmRegistrationReply>;

/** POST /api/users/upload/file */
export const UploadReply = z.object({ urls: z.array(z.string()), names: z.array(z.string()) });
export type UploadReply = z.infer<typeof UploadReply>;

/** GET /api/users/firm-registration: the caller's own registration and its verification. */
/** A firm's registration details and verification state, as the owner and the super-admin read them. */
export const FirmDetails = z.object({
  isVerify: z.number().int(),
  verifyNote: z.string().nullable(),
  firmName: z.string().nullable(),
  firmType: z.string().nullable(),
  businessEmail: z.string().nullable(),
  contactNo: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  documentName: z.string().nullable(),
});

export const FirmRegistration = FirmDetails.extend({
  role: z.string(),
  HasPassword: z.boolean(),
  /** Whether the account may submit a registration now (none yet, or rejected). */
  canRegister: z.boolean(),
});
export type FirmRegistration = z.infer<typeof FirmRegistration>;
export const FirmRegistrationStatusReply = z.object({ data: FirmRegistration });
export type FirmRegistrationStatusReply = z.infer<typeof FirmRegistrationStatusReply>;
