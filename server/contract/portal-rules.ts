/**
 * The plain values of the client portal (docs/decisions/390–392): limits and messages, without
 * zod, for browser code as well.
 */

/** A visit without a proof of the contact's address is allowed this long after the portal was made; later ones ask a code. */
export const PORTAL_OPEN_WITHOUT_PROOF_DAYS = 30;
/** How long a proof lasts on the browser that made it. */
export const PORTAL_PROOF_DAYS = 30;
/** A schedule shared through the portal: its approval link lives this long (and ends with the portal). */
export const PORTAL_SHARE_DAYS = 365;
/** Codes asked per portal and per visitor address per 15 minutes (sign-in's allowance). */
export const PORTAL_CODES_PER_WINDOW = 5;
export const PAYMENT_NOTE_REFERENCE_MIN = 6;
export const PAYMENT_NOTE_REFERENCE_MAX = 35;
export const PAYMENT_NOTE_REASON_MAX = 500;
export const PAYMENT_NOTE_METHODS = ['upi', 'bank_transfer'] as const;
export type PaymentNoteMethod = (typeof PAYMENT_NOTE_METHODS)[number];
export const PAYMENT_NOTE_STATUSES = ['pending', 'confirmed', 'declined'] as const;
export type PaymentNoteStatus = (typeof PAYMENT_NOTE_STATUSES)[number];
/** The header the web sends a browser's proofs in, comma-separated (one per portal it proved, the newest first). */
export const PROOF_HEADER = 'x-client-proof';
/** Proofs a browser keeps, and the header carries, at most. */
export const PROOFS_MAX = 5;

export const PORTAL_MESSAGES = {
  notFound: 'This link is not valid. Please check that you copied the whole link, or ask the studio for a new one.',
  revoked: 'This link has been withdrawn by the studio. Please ask them for a new one.',
  contactNotFound: 'Contact not found',
  noEmail: 'Add an email address to the contact first: the client proves it with a code sent there.',
  created: 'Client portal made. Copy the link or send it by mail or WhatsApp: it is the client’s own.',
  revokedDone: 'Portal link revoked: it no longer opens, nor does anything shared through it.',
  notOpen: 'This contact has no open portal: make one first.',
  scheduleShared: 'Schedule shared in the client’s portal.',
  scheduleNotFound: 'Schedule not found',
  mailed: (to: string) => `Portal link mailed to ${to}.`,
  proofRequired: 'Please confirm it is you: we send a code to your email address.',
  codeSent: (masked: string) => `We sent a 6-digit code to ${masked}. It is valid for 10 minutes.`,
  smsOff: 'Codes by SMS are not set up here: ask for the code by mail.',
  noPhone: 'The studio has no mobile number for you: ask for the code by mail.',
  smsFailed: 'The SMS could not be sent just now. Please try again, or ask for the code by mail.',
  codeWrong: 'That code is not right, or it has expired. Ask for a new one.',
  codeShape: 'Enter the 6-digit code from the mail',
  proven: 'Thank you: you can approve and tell the studio what you paid from this device for 30 days.',
  invoiceNotFound: 'Invoice not found',
  paymentNotFound: 'Payment not found',
  referenceRequired: 'Enter the UPI reference (UTR) or bank reference of your payment',
  referenceShape: `A reference has ${PAYMENT_NOTE_REFERENCE_MIN} to ${PAYMENT_NOTE_REFERENCE_MAX} letters and digits`,
  methodRequired: 'Choose UPI or bank transfer',
  referenceUsed: 'A payment with this reference is already noted against this invoice.',
  moreThanOwed: 'That is more than is still owed on this invoice.',
  notPayable: 'This invoice is not open for payment.',
  noteSaved: 'Thank you: the studio will confirm your payment and its receipt will appear here.',
  noteNotFound: 'Payment note not found',
  noteDecided: 'This payment note was already confirmed or declined.',
  confirmed: (receipt: string) => `Payment confirmed: receipt ${receipt} recorded.`,
  declined: 'Payment note declined: the client sees your reason.',
  reasonRequired: 'Say why: the client reads it',
  fileShared: 'File shared in the client’s portal.',
  fileUnshared: 'The file is no longer shared with the client.',
  fileNotFound: 'File not found',
} as const;

/** "r***@example.com": enough for the client to know where the code went, not enough to learn the address. */
export function maskEmail(email: string): string {
  const [name, domain] = email.split('@');
  if (!name || !domain) return '';
  return `${name[0]}***@${domain}`;
}

/** Where a one-time code is sent (docs/decisions/430): the contact's email, or their mobile where SMS is set up. */
export const CODE_CHANNELS = ['mail', 'sms'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/**
 * A contact's phone as an SMS gateway takes it (E.164): a 10-digit Indian mobile (6–9 first, after
 * dropping a leading 0 or 91) as `+91…`, a number written with its `+` and 8 to 15 digits as it is;
 * anything else (a landline with its STD code, a typo) is not a mobile: null.
 */
export function smsNumber(phone: string | null | undefined): string | null {
  const text = (phone ?? '').trim();
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+') && !text.startsWith('+91')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  const national = digits.replace(/^(?:91|0)(?=\d{10}$)/, '');
  return /^[6-9]\d{9}$/.test(national) ? `+91${national}` : null;
}

/** A mobile number as the client is shown it before a code is sent: only its last three digits. */
export function maskPhone(number: string): string {
  return `${number.slice(0, 3)} ••••• ••${number.slice(-3)}`;
}

/** A WhatsApp link with a message (`https://wa.me/<number>?text=`): the contact's phone as digits, India's 91 added to a 10-digit number. */
export function whatsAppLink(phone: string, text: string): string {
  const digits = phone.replace(/\D/g, '');
  const number = digits.length === 10 ? `91${digits}` : digits.replace(/^0+/, '');
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
