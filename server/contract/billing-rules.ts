/**
 * The plain rules of money documents that forms and the api share (docs/decisions/255, 256): GST
 * rates, the document-number prefix, the UPI ID. No zod, no imports: the api's money module
 * (server/money/) computes with these, the contract's schemas validate with them.
 */

/** GST rates in basis points (1800 = 18 %): the slabs of the GST schedules, old and new (40 % from 22 Sep 2025). */
export const GST_RATES_BP = [0, 10, 25, 150, 300, 500, 1200, 1800, 2800, 4000] as const;
export type GstRateBp = (typeof GST_RATES_BP)[number];

export function isGstRate(bp: number): bp is GstRateBp {
  return (GST_RATES_BP as readonly number[]).includes(bp);
}

/** "18 %", "0.25 %": a rate as printed. */
export const formatRate = (bp: number) => `${bp / 100} %`;

/** A document-number prefix as stored: 1–5 upper-case letters or digits ("MSA", "INV"). */
export const PREFIX_PATTERN = /^[A-Z0-9]{1,5}$/;
export const PREFIX_MESSAGE = 'The prefix is 1 to 5 capital letters or digits (like MSA)';
/**
 * CGST rule 46(b): a serial number of at most 16 characters, prefix included. A prefix saved now
 * leaves room for the year's 99,999th number, `SMAX/26-27/99999` (16), so the cap is met when the
 * prefix is saved rather than refused at the 10,000th invoice (decision 398).
 */
export const PREFIX_MAX_SAVED = 4;
export const PREFIX_TOO_LONG = `At most ${PREFIX_MAX_SAVED} characters: with the year and a serial up to 99999 the invoice number stays within GST's 16 characters`;

/** A UPI ID (virtual payment address): handle@bank. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export const UPI_ID_MESSAGE = 'A UPI ID looks like name@bank';

/**
 * The summary item types that carry a price (the editor's `hasMoney`): each has a default GST rate
 * and an optional HSN/SAC code in the billing profile. Titles and descriptions carry no price.
 */
export const PRICED_ITEM_TYPES = ['product', 'financial'] as const;
export type PricedItemType = (typeof PRICED_ITEM_TYPES)[number];
export const PRICED_ITEM_TYPE_LABELS: Record<PricedItemType, string> = { product: 'Products', financial: 'Financial items (fees, services)' };

/** HSN (goods) or SAC (services, 99…) codes: 4, 6 or 8 digits. */
export const HSN_SAC_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;
/** An Indian bank account number (9–18 digits) and IFSC (4 letters, 0, 6 letters or digits). */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const BILLING_LIMITS = {
  legalName: 200,
  address: 500,
  bankAccountName: 120,
  proposalTerms: 5000,
  paymentTermsDays: 365,
  proposalValidityDays: 365,
} as const;

export const BILLING_DEFAULTS = {
  paymentTermsDays: 15,
  proposalValidityDays: 30,
  rateBp: 1800,
  /** ₹1,00,000 in paise: the per-transaction UPI limit most banks apply to a payment (decision 397). */
  upiLimit: 10_000_000,
} as const;

/** The highest UPI limit a firm can set: ₹5,00,000 in paise, NPCI's highest per-transaction category. */
export const UPI_LIMIT_MAX = 50_000_000;
/** The limits a firm chooses from (paise). */
export const UPI_LIMIT_CHOICES = [2_500_000, 10_000_000, 20_000_000, 50_000_000] as const;

export const BILLING_MESSAGES = {
  legalNameRequired: 'Legal name is required',
  addressRequired: 'Address is required',
  stateRequired: 'Choose the state of the firm (its place of supply)',
  stateUnknown: 'Choose an Indian state from the list',
  prefixRequired: 'Invoice number prefix is required',
  rate: 'Choose a GST rate from the list',
  hsnSac: 'An HSN or SAC code is 4, 6 or 8 digits',
  bankAccount: 'A bank account number is 9 to 18 digits',
  ifsc: 'An IFSC is 11 characters: 4 letters, 0, then 6 letters or digits (like HDFC0001234)',
  bankIncomplete: 'Give both the account number and the IFSC, or neither',
  panNotGstin: "This PAN is not the one inside the GSTIN (its characters 3 to 12)",
  days: (max: number) => `A whole number of days from 0 to ${max}`,
  upiLimit: 'Choose a UPI limit from the list',
  saved: 'Billing profile saved',
  notSet: 'The firm has no billing profile yet',
} as const;

/**
 * The signature printed on tax invoices, credit notes and receipts (CGST rule 46(q), decision 402):
 * a JPEG or PNG of at most 5 MB (a phone photo of a signature on paper), kept as a PNG of at most
 * SIGNATURE_BOX pixels; without one the documents print the words for a digitally signed document.
 */
export const SIGNATURE_MAX_BYTES = 5 * 1024 * 1024;
export const SIGNATURE_BOX = { width: 900, height: 300 } as const;
export const SIGNATURE_MESSAGES = {
  type: 'The signature must be a JPEG or PNG image',
  tooLarge: `The signature image must be at most ${SIGNATURE_MAX_BYTES / 1024 / 1024} MB`,
  required: 'Choose the image of the signature',
  noProfile: 'Save the billing profile first, then add its signature',
  saved: 'Signature saved: it is printed on your tax invoices, credit notes and receipts',
  removed: 'Signature removed: documents now say they are digitally signed',
  none: 'The firm has no signature image',
} as const;
/** CGST rule 46(q), where no image is printed: the document says how it is signed. */
export const DIGITALLY_SIGNED_TEXT = 'This is a digitally signed document: no physical signature is required.';
