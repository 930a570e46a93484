import { FIRM_MAIL_MAX_RECIPIENTS } from './firm-mail-rules.js';
/**
 * The plain values of enquiries and the demand box (DESIGN.md section 9):
 * limits, messages and page size. No zod here, so browser code can use them; the schemas of
 * leads.ts are built from them.
 */

export const ENQUIRY_LIMITS = {
  name: 100,
  email: 254,
  messageMin: 10,
  message: 2000,
} as const;

export const MESSAGE_LIMITS = {
  subject: 200,
  body: 10_000,
  /** Addresses in each of To, Cc and Bcc. */
  addresses: 10,
  /** To, Cc and Bcc together (docs/decisions/235). */
  recipients: FIRM_MAIL_MAX_RECIPIENTS,
  /** The characters of one of those fields as typed (the addresses and their separators). */
  addressField: 2_600,
} as const;

/** Demand box page size (the firm directory's, section 9). */
export const LEADS_PAGE_SIZE = 10;

export const LEAD_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  phoneInvalid: 'Enter a valid 10-digit phone number',
  typeRequired: 'Choose a project type',
  typeUnknown: 'Choose a project type from the list',
  messageRequired: 'Message is required',
  messageShort: `Please write at least ${ENQUIRY_LIMITS.messageMin} characters so the firm knows what you need`,
  tooLong: (max: number) => `At most ${max} characters`,
  /** CR or LF where a mail header is made of the field: header injection. */
  lineBreak: 'Line breaks are not allowed in this field',
  sent: 'Your enquiry has been sent. The firm will reply by email.',
  /** The form token: missing, forged or another firm's; expired; too fresh; used. */
  formTokenInvalid: 'This form could not be checked. Please reload the page and send your enquiry again.',
  formTokenExpired: 'This form has expired. Please reload the page and send your enquiry again.',
  formTokenTooFresh: 'Please take a moment to read your enquiry over, then send it again.',
  formTokenUsed: 'This enquiry was already sent. Reload the page to write another one.',
  firmNotFound: 'Firm not found',
  notFound: 'Enquiry not found',
  toRequired: 'Add at least one recipient',
  addressInvalid: (address: string) => `"${address.length > 60 ? `${address.slice(0, 60)}…` : address}" is not a valid email address`,
  tooManyAddresses: `At most ${MESSAGE_LIMITS.addresses} addresses in each field`,
  tooManyRecipients: `At most ${MESSAGE_LIMITS.recipients} recipients in To, Cc and Bcc together`,
  subjectRequired: 'Subject is required',
  bodyRequired: 'Message is required',
  sendFailed: 'The mail could not be sent. Please try again in a moment.',
  released: 'Enquiry released to your inbox',
  messageSent: 'Message sent',
} as const;

/** Spec, screen 12. */
export const EMPTY_DEMANDBOX = 'No demandbox available';

/**
 * Which leads a demand box page lists: the working list, the archived ones, or the held ones (a
 * burst from new senders, docs/decisions/340: kept out of the inbox until the firm releases them).
 */
export const LEAD_VIEWS = ['inbox', 'archived', 'held'] as const;
export type LeadView = (typeof LEAD_VIEWS)[number];

/** True when the text holds a carriage return or a line feed (or their Unicode kin mail clients honour). */
export const hasLineBreak = (text: string) => /[\r\n\u2028\u2029\u0085]/.test(text);

/** The addresses of a To, Cc or Bcc field as typed: separated by commas, semicolons or spaces. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}
