import { z } from 'zod/v4';
import { COST_KINDS, FEE_BASES, FEE_LIMITS as L, FEE_MESSAGES as M, parseRate, parseShare, WORK_KINDS } from './fees-rules.js';
import { MAX_PAISE } from './money-rounding.js';
import { parseRupees } from './money-text.js';
import { dayText, requiredText } from './text-fields.js';

/**
 * Fee agreements (docs/decisions/425–428): the api's bodies take paise, thousandths of a percent
 * (rates) and basis points (shares); the web's `*Form` schemas take them as typed ("7.5",
 * "2,00,00,000") and turn them into the same bodies.
 */

export * from './fees-rules.js';

const day = dayText(M.dateInvalid);
const paise = z.number({ error: M.amount }).int(M.amount).min(0, M.amount).max(MAX_PAISE, M.amount);
const rateMilli = z.number({ error: M.rate }).int(M.rate).min(0, M.rate).max(L.rateMilli, M.rate);
const shareBp = z.number({ error: M.share }).int(M.share).min(0, M.share).max(10_000, M.share);
const costKind = z.enum(COST_KINDS, { error: M.costKind });

/** Text as typed → a number, or an issue with `message`. */
const typed = (parse: (v: string) => number | null, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const value = parse(v);
      if (value === null) ctx.addIssue({ code: 'custom', message });
      return value ?? 0;
    });
const rupees = typed(parseRupees, M.amount);
const optionalRupees = z
  .string()
  .trim()
  .default('')
  .transform((v, ctx) => {
    if (v === '') return 0;
    const value = parseRupees(v);
    if (value === null) ctx.addIssue({ code: 'custom', message: M.amount });
    return value ?? 0;
  });
const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

/** The agreement's record version the change was made from (docs/decisions/320, 421): a stale one answers 409. */
const version = z.number().int().min(1).optional();

export const FeeAgreementBody = z.object({
  version,
  basis: z.enum(FEE_BASES, { error: M.basis }),
  workKind: z.enum(WORK_KINDS, { error: M.workKind }),
  rateMilli: rateMilli.default(0),
  lumpSum: paise.default(0),
  hourlyRate: paise.default(0),
  hourlyCap: paise.nullable().default(null),
  documentationCharge: z.boolean().default(false),
  billCheckingCharge: z.boolean().default(false),
  contactId: z.string().trim().max(64).nullable().default(null),
});
export type FeeAgreementBody = z.input<typeof FeeAgreementBody>;

export const FeeAgreementForm = z.object({
  basis: z.enum(FEE_BASES, { error: M.basis }),
  workKind: z.enum(WORK_KINDS, { error: M.workKind }),
  rate: z.string().trim().default('').transform((v, ctx) => {
    if (v === '') return 0;
    const value = parseRate(v);
    if (value === null) ctx.addIssue({ code: 'custom', message: M.rate });
    return value ?? 0;
  }),
  lumpSum: optionalRupees,
  hourlyRate: optionalRupees,
  hourlyCap: optionalRupees,
  documentationCharge: checkbox.default(false),
  billCheckingCharge: checkbox.default(false),
  contactId: z.string().trim().max(64).default(''),
  version: z.coerce.number().int().min(1).optional(),
});

export const FeeStageBody = z.object({
  version,
  name: requiredText(M.nameRequired, L.name),
  shareBp,
  costBasis: costKind,
  minimum: paise.default(0),
});
export type FeeStageBody = z.input<typeof FeeStageBody>;

export const FeeStageForm = z.object({
  version: z.coerce.number().int().min(1).optional(),
  name: requiredText(M.nameRequired, L.name),
  share: typed(parseShare, M.share),
  costBasis: costKind,
  minimum: optionalRupees,
});

export const FeeCostBody = z.object({ kind: costKind, amount: paise.min(1, M.amount), recordedOn: day, note: z.string().trim().max(L.note).default('') });
export type FeeCostBody = z.input<typeof FeeCostBody>;
export const FeeCostForm = FeeCostBody.extend({ amount: rupees });

export const FeeMoveBody = z.object({ direction: z.enum(['up', 'down'], { error: M.moveInvalid }) });
export const FeeReachedBody = z.object({ reachedOn: day });

export const FeeProjectParams = z.object({ projectId: z.string().max(64) });
export const FeeStageParams = z.object({ projectId: z.string().max(64), stageId: z.string().max(64) });

const Stage = z.object({
  id: z.string(),
  position: z.number(),
  name: z.string(),
  shareBp: z.number(),
  costBasis: costKind,
  minimum: z.number(),
  reachedOn: z.string().nullable(),
});
const Cost = z.object({ id: z.string(), kind: costKind, amount: z.number(), recordedOn: z.string(), note: z.string() });
const Document = z.object({
  invoiceId: z.string(),
  stageId: z.string().nullable(),
  kind: z.enum(['invoice', 'credit-note']),
  number: z.string().nullable(),
  status: z.string(),
  taxable: z.number(),
  total: z.number(),
  createdAt: z.string(),
});
/** What billing the latest reached stage would do now: an invoice (amount > 0), credit notes (< 0), or why not. */
export const FEE_PROPOSAL_STATUSES = ['pending', 'accepted', 'declined', 'superseded'] as const;
export type FeeProposalStatus = (typeof FEE_PROPOSAL_STATUSES)[number];
export const FEE_PROPOSAL_STATUS_LABELS: Record<FeeProposalStatus, string> = {
  pending: 'Waiting for the client',
  accepted: 'Accepted',
  declined: 'Declined',
  superseded: 'Replaced by a newer version',
};
/** A fee proposal as the firm sees it on the Fees tab. */
export const FeeProposalSummary = z.object({
  id: z.string(),
  version: z.number(),
  status: z.enum(FEE_PROPOSAL_STATUSES),
  sharedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The address the client proved before deciding. */
  decidedEmail: z.string().nullable(),
  declineReason: z.string().nullable(),
  clientName: z.string(),
  /** The whole fee the letter stated, null when it stated none (hourly, no estimate yet). */
  fee: z.number().nullable(),
});
export type FeeProposalSummary = z.infer<typeof FeeProposalSummary>;

const Offer = z.object({ stageId: z.string(), amount: z.number(), description: z.string(), refusal: z.string().nullable() });

export const FeeAgreement = z.object({
  id: z.string(),
  projectId: z.string(),
  basis: z.enum(FEE_BASES),
  workKind: z.enum(WORK_KINDS),
  sac: z.string(),
  rateMilli: z.number(),
  lumpSum: z.number(),
  hourlyRate: z.number(),
  hourlyCap: z.number().nullable(),
  documentationCharge: z.boolean(),
  billCheckingCharge: z.boolean(),
  contactId: z.string().nullable(),
  stages: z.array(Stage),
  costs: z.array(Cost),
  documents: z.array(Document),
  /** Billed under the agreement before GST (stage invoices less credit notes against them). */
  billed: z.number(),
  /** The whole fee on the latest cost of works (or the lump sum); null before any cost. */
  fee: z.number().nullable(),
  offer: Offer.nullable(),
  /** The record's version a change names (docs/decisions/320). */
  version: z.number(),
  /** The version the client accepted, which billing follows (docs/decisions/421); null before any acceptance (the terms as they are bill). */
  inForce: z.object({ proposalId: z.string(), version: z.number(), acceptedAt: z.string() }).nullable(),
  /** The terms or stages changed since the accepted version: a draft of the next one, to share for acceptance. */
  changedSinceAccepted: z.boolean(),
  /** Every version shared with the client, newest first. */
  proposals: z.array(FeeProposalSummary),
});
export type FeeAgreement = z.infer<typeof FeeAgreement>;
export type FeeStage = z.infer<typeof Stage>;

export const FeeAgreementReply = z.object({
  data: z.object({
    project: z.object({ id: z.string(), projectName: z.string() }),
    agreement: FeeAgreement.nullable(),
    clients: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type FeeAgreementReply = z.infer<typeof FeeAgreementReply>;

export const FeeSavedReply = z.object({ message: z.string(), data: FeeAgreement });
export type FeeSavedReply = z.infer<typeof FeeSavedReply>;

export const FeeBilledReply = z.object({
  message: z.string(),
  data: z.object({ kind: z.enum(['invoice', 'credit-note']), invoiceIds: z.array(z.string()), agreement: FeeAgreement }),
});
export type FeeBilledReply = z.infer<typeof FeeBilledReply>;
