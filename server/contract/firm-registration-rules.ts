import { FIRM_ROLES, ROLE_LABELS, type FirmRole } from './vocabulary.js';
import {
  choiceCheck,
  contactNumberCheck,
  emailCheck,
  newPasswordCheck,
  optionalCheck,
  optionalTextCheck,
  requiredTextCheck,
  websiteCheck,
  type FormChecks,
} from './field-checks.js';

/**
 * The plain values of firm registration (showcase-and-accounts.md: Register-firm dialog, section 5
 * rules): messages, limits and options. No zod here, so the browser's register-firm dialog can use
 * them; the schemas of firm-registration.ts are built from the same values.
 */

export const DOCUMENT_TYPE_MESSAGE = 'Only PDF, DOC, or DOCX files are allowed';
export const DOCUMENT_REQUIRED_MESSAGE = 'Document is required';
/** Bytes of a firm registration document. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE_MESSAGE = 'The document is larger than 10 MB';
/** What the file picker offers; the api decides by content, not by these. */
export const DOCUMENT_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** A private document reference answered by POST /users/upload/file (see docs/decisions/040). */
export const DOCUMENT_REFERENCE = /^private:document\/([0-9a-f]{24})$/;

export { CONTACT_NO_MESSAGE } from './contact-rules.js';
// Lives with the vocabulary so the firm-status banner, on every page, does not bring these rules along.
export { VERIFICATION_PROMISE } from './vocabulary.js';

export const FIRM_TYPE_OPTIONS: ReadonlyArray<{ value: FirmRole; label: string }> = FIRM_ROLES.map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));

/**
 * The registration form's fields as the browser checks them (decision 155): the same messages as
 * FirmRegistrationBody (field-checks.test.ts compares them). The place rule needs the data set and
 * the document its content, so the dialog adds those itself.
 */
export const REGISTER_FIRM_CHECKS: FormChecks = {
  fields: {
    firmName: requiredTextCheck('Firm name is required', 120),
    firmType: choiceCheck(FIRM_ROLES, { required: 'Firm type is required' }),
    businessEmail: emailCheck('Business email is required'),
    contactNo: contactNumberCheck('Contact number is required'),
    website: websiteCheck(),
    address: requiredTextCheck('Address is required', 500),
    country: requiredTextCheck('Country is required', 100),
    state: optionalTextCheck(100),
    city: optionalTextCheck(100),
    password: optionalCheck(newPasswordCheck()),
  },
};
