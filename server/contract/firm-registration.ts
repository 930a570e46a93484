import { z } from 'zod/v4';
import { requiredText, optionalText } from './text-fields.js';
import { email, newPassword, User } from './users.js';
import { contactNumber, websiteAddress } from './contact-fields.js';
import { DOCUMENT_REFERENCE, DOCUMENT_REQUIRED_MESSAGE } from './firm-registration-rules.js';
import { FIRM_ROLES } from './vocabulary.js';
import { ErrorReply } from './http.js';
import { ANY_TYPE, binary, operationsOf } from './operation.js';

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

/** POST /api/users/upload/file: the part `files`, repeated (one document, or a firm's 1 to 20 project images). */
export const FirmUploadParts = z.object({
  files: z.array(z.file()).min(1).max(20).describe('One PDF, DOC or DOCX of at most 10 MB (the registration document); for a firm, 1 to 20 JPEG, PNG or GIF images of 15 MB each'),
});

const op = operationsOf('signedIn', ['firm registration']);

/**
 * The firm registration's operations (docs/decisions/041, 370), scope `signedIn`: the api registers
 * them (server/routes/users/firm-registration.ts) and the web calls them (app/models/users.server.ts).
 */
export const firmRegistrationOperations = {
  upload: op({
    method: 'POST',
    path: '/users/upload/file',
    summary:
      'Upload files (multipart field `files`): the firm registration document (one PDF, DOC or DOCX, at most 10 MB; answers a private reference), or, for a firm, 1 to 20 project images (JPEG, PNG or GIF, 15 MB each; answers the urls of the processed images, which POST/PUT /projects/public-project accept as `projectImages`)',
    body: { multipart: FirmUploadParts },
    replies: { 200: UploadReply, 403: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply },
  }),
  register: op({
    method: 'POST',
    path: '/users/user-firm',
    summary: 'Register the signed-in account as a firm (isVerify becomes 1, role the firm type)',
    body: FirmRegistrationBody,
    replies: { 200: FirmRegistrationReply, 403: ErrorReply, 409: ErrorReply },
  }),
  status: op({ method: 'GET', path: '/users/firm-registration', summary: "The signed-in account's firm registration and its verification (with the rejection reason)", replies: { 200: FirmRegistrationStatusReply } }),
  document: op({
    method: 'GET',
    path: '/users/firm-registration/document',
    summary: "Downloads the signed-in account's own registration document",
    replies: { 200: binary(ANY_TYPE), 206: binary(ANY_TYPE), 404: ErrorReply, 416: ErrorReply },
  }),
} as const;
