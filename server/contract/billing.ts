import { z } from 'zod/v4';
import {
  BANK_ACCOUNT_PATTERN,
  BILLING_DEFAULTS,
  BILLING_LIMITS as L,
  BILLING_MESSAGES as M,
  GST_RATES_BP,
  HSN_SAC_PATTERN,
  IFSC_PATTERN,
  isGstRate,
  PREFIX_MESSAGE,
  PREFIX_MAX_SAVED,
  PREFIX_PATTERN,
  PREFIX_TOO_LONG,
  PRICED_ITEM_TYPES,
  UPI_ID_MESSAGE,
  UPI_ID_PATTERN,
  UPI_LIMIT_MAX,
} from './billing-rules.js';
import { gstinProblem, normaliseTaxId, panOfGstin, panProblem } from './gstin-rules.js';
import { stateNames } from './places.js';
import { codeOrEmpty, requiredText } from './text-fields.js';
import { StaleReply, withVersion } from './http.js';

/**
 * The firm's billing profile (docs/decisions/256): GET and PUT
 * /api/billing/profile. The same schema checks the Setting form in the web's action and the
 * api's body, so a GSTIN with a wrong check character gets the same message in both.
 */

export * from './billing-rules.js';

/** Optional text, trimmed; '' when absent. */
const optional = (max: number) => z.string({ error: 'Must be text' }).trim().max(max, `At most ${max} characters`).default('');
/** An optional code typed in any case with spaces (GSTIN, PAN, IFSC): upper case, no spaces; '' when absent. */
const code = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .max(max * 2, `At most ${max} characters`)
    .default('')
    .transform(normaliseTaxId);
const days = (max: number) =>
  z
    .number({ error: M.days(max) })
    .int(M.days(max))
    .min(0, M.days(max))
    .max(max, M.days(max));

export const ItemTax = z.object({
  rateBp: z.number({ error: M.rate }).refine(isGstRate, M.rate).meta({ enum: [...GST_RATES_BP] }),
  hsnSac: codeOrEmpty(HSN_SAC_PATTERN, M.hsnSac),
});
export type ItemTax = z.infer<typeof ItemTax>;

export const ItemTaxes = z.object(Object.fromEntries(PRICED_ITEM_TYPES.map((type) => [type, ItemTax])) as Record<(typeof PRICED_ITEM_TYPES)[number], typeof ItemTax>);
export type ItemTaxes = z.infer<typeof ItemTaxes>;

export const DEFAULT_ITEM_TAXES: ItemTaxes = { product: { rateBp: BILLING_DEFAULTS.rateBp, hsnSac: '' }, financial: { rateBp: BILLING_DEFAULTS.rateBp, hsnSac: '' } };

/** What any seller prints on its documents: a firm, or the platform on its subscription invoices (docs/decisions/287). */
export const SellerFields = {
  legalName: requiredText(M.legalNameRequired, L.legalName),
  address: requiredText(M.addressRequired, L.address),
  // Checked against India's states in checkSeller, any case (the places data's spelling is saved).
  state: z.string({ error: M.stateRequired }).trim().min(1, M.stateRequired).meta({ enum: stateNames('India') }),
  gstin: code(15),
  pan: code(10),
  bankAccountName: optional(L.bankAccountName),
  bankAccountNumber: code(18).refine((v) => v === '' || BANK_ACCOUNT_PATTERN.test(v), M.bankAccount),
  bankIfsc: code(11).refine((v) => v === '' || IFSC_PATTERN.test(v), M.ifsc),
  upiId: z
    .string({ error: UPI_ID_MESSAGE })
    .trim()
    .max(300, UPI_ID_MESSAGE)
    .default('')
    .refine((v) => v === '' || UPI_ID_PATTERN.test(v), UPI_ID_MESSAGE),
  invoicePrefix: z
    .string({ error: M.prefixRequired })
    .trim()
    .min(1, M.prefixRequired)
    .max(10, PREFIX_MESSAGE)
    .transform((v) => v.toUpperCase())
    .refine((v) => PREFIX_PATTERN.test(v), PREFIX_MESSAGE)
    .refine((v) => v.length <= PREFIX_MAX_SAVED, PREFIX_TOO_LONG)
    // Any case is accepted (it is upper-cased): 1 to 5 letters or digits.
    .meta({ pattern: '^[A-Za-z0-9]{1,5}$' }),
  paymentTermsDays: days(L.paymentTermsDays),
};

const indianState = (typed: string) => stateNames('India').find((s) => s.toLowerCase() === typed.toLowerCase());

type SellerValues = { state: string; gstin: string; pan: string; bankAccountNumber: string; bankIfsc: string };

/** The seller's cross-field rules, each reported on the field a person would correct. */
export function checkSeller(v: SellerValues, ctx: z.RefinementCtx) {
  const state = indianState(v.state);
  if (v.state && !state) ctx.addIssue({ code: 'custom', path: ['state'], message: M.stateUnknown });
  if (v.gstin) {
    const problem = gstinProblem(v.gstin, state);
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
  }
  if (v.pan) {
    const problem = panProblem(v.pan);
    if (problem) ctx.addIssue({ code: 'custom', path: ['pan'], message: problem });
    else if (v.gstin && !gstinProblem(v.gstin) && panOfGstin(v.gstin) !== v.pan) ctx.addIssue({ code: 'custom', path: ['pan'], message: M.panNotGstin });
  }
  if ((v.bankAccountNumber === '') !== (v.bankIfsc === '')) {
    ctx.addIssue({ code: 'custom', path: [v.bankAccountNumber ? 'bankIfsc' : 'bankAccountNumber'], message: M.bankIncomplete });
  }
}

/** The state as the places data spells it ("maharashtra" → "Maharashtra"). */
export const withCanonicalState = <T extends { state: string }>(v: T): T => ({ ...v, state: indianState(v.state) ?? v.state });

export const BillingProfileBody = z
  .object({
    ...SellerFields,
    proposalTerms: optional(L.proposalTerms),
    proposalValidityDays: days(L.proposalValidityDays).min(1, M.days(L.proposalValidityDays)),
    itemTaxes: ItemTaxes,
    /** CGST rule 46(p): the firm's supplies carry tax payable on reverse charge (decision 396). */
    reverseCharge: z.boolean({ error: 'Must be yes or no' }).default(false),
    /** Round a tax invoice's total to the rupee when it is issued, with a round-off line (decision 408). */
    roundOff: z.boolean({ error: 'Must be yes or no' }).default(false),
    /** Paise: an invoice above this prints no UPI QR for the whole amount (decision 397). */
    upiLimit: z.number({ error: M.upiLimit }).int(M.upiLimit).min(100, M.upiLimit).max(UPI_LIMIT_MAX, M.upiLimit).default(BILLING_DEFAULTS.upiLimit),
  })
  .superRefine(checkSeller)
  .transform(withCanonicalState);
export type BillingProfileBody = z.input<typeof BillingProfileBody>;
export type BillingProfileFields = z.output<typeof BillingProfileBody>;
/** PUT: the fields and the version they were read at (0 before the first save; docs/decisions/320). */
export const BillingProfileChanges = withVersion(BillingProfileBody);
export type BillingProfileChanges = z.input<typeof BillingProfileChanges>;

/** A seller as stored and printed (`SellerFields` once checked). */
export const SellerProfile = z.object({
  legalName: z.string(),
  address: z.string(),
  state: z.string(),
  /** '' when the seller is not registered for GST. */
  gstin: z.string(),
  pan: z.string(),
  bankAccountName: z.string(),
  bankAccountNumber: z.string(),
  bankIfsc: z.string(),
  upiId: z.string(),
  invoicePrefix: z.string(),
  paymentTermsDays: z.number(),
});
export type SellerProfile = z.infer<typeof SellerProfile>;

export const BillingProfile = SellerProfile.extend({
  proposalTerms: z.string(),
  proposalValidityDays: z.number(),
  itemTaxes: ItemTaxes,
  reverseCharge: z.boolean(),
  roundOff: z.boolean(),
  upiLimit: z.number(),
  /** CGST rule 46(q): a signature image is printed on its documents (GET /billing/profile/signature; decision 402). */
  hasSignature: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
});
export type BillingProfile = z.infer<typeof BillingProfile>;
/** POST /billing/profile/signature: the image. */
export const SignatureParts = z.object({ file: z.file().describe('JPEG or PNG, at most 5 MB') });
/** PUT's 409: someone saved the profile after it was read (docs/decisions/320). */
export const BillingProfileStaleReply = StaleReply(BillingProfile);

/** The address the firm registered with (decision 384), offered for its billing profile; null when it gave none. */
export const RegistrationAddress = z.object({ address: z.string(), state: z.string() });
export type RegistrationAddress = z.infer<typeof RegistrationAddress>;
/** GET: the profile, or null before the firm first saves one; and the firm's registration address. */
export const BillingProfileReply = z.object({ data: BillingProfile.nullable(), registration: RegistrationAddress.nullable().optional() });
export type BillingProfileReply = z.infer<typeof BillingProfileReply>;
/** PUT: the saved profile. */
export const BillingProfileSavedReply = z.object({ message: z.string(), data: BillingProfile });
export type BillingProfileSavedReply = z.infer<typeof BillingProfileSavedReply>;
