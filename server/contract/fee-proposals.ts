import { z } from 'zod/v4';
import { FeeLetterReply } from './fee-letter.js';
import { FEE_PROPOSAL_STATUSES, FeeSavedReply } from './fees.js';
import { ErrorReply, MessageReply } from './http.js';
import { operationsOf } from './operation.js';
import { wellFormed } from './text-fields.js';

/**
 * Fee proposals shared with the client for acceptance (docs/decisions/421): the firm shares the
 * agreement's engagement letter in the client's portal as version N, frozen (its content and
 * figures at that moment); the client reads it (page and PDF) and accepts or declines it after
 * proving the contact's address. The client's replies are the frozen letter only: client figures,
 * never a trade price, margin or rate of a person.
 */

export { FEE_PROPOSAL_STATUSES, FEE_PROPOSAL_STATUS_LABELS, FeeProposalSummary, type FeeProposalStatus } from './fees.js';

export const FEE_PROPOSAL_REASON_MAX = 500;

export const FEE_PROPOSAL_MESSAGES = {
  shared: (version: number) => `Fee proposal version ${version} shared in the client’s portal for acceptance`,
  noClient: 'Choose the client of the agreement first: the proposal goes to their portal',
  noEmail: 'Add an email address to the client first: they prove it with a code before accepting',
  nothingNew: 'The client has this version already: change the agreement to share a new one',
  notFound: 'This fee proposal is not here. The studio may have shared a newer version: go back to your page.',
  notPending: 'This fee proposal was already answered or replaced by a newer version.',
  accepted: 'Thank you: you accepted the fee proposal. The studio has been told.',
  declined: 'You declined the fee proposal: the studio reads your reason.',
  reasonRequired: 'Say why, so the studio can change it',
  versionRequired: 'Say which version of the agreement you changed (reload the page)',
} as const;

/** A fee proposal as the client's portal lists it. */
export const PortalFeeProposal = z.object({
  id: z.string(),
  version: z.number(),
  status: z.enum(FEE_PROPOSAL_STATUSES),
  projectName: z.string(),
  sharedAt: z.string(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  fee: z.number().nullable(),
});
export type PortalFeeProposal = z.infer<typeof PortalFeeProposal>;

export const PortalFeeProposalReply = z.object({
  data: z.object({
    proposal: PortalFeeProposal,
    letter: FeeLetterReply.shape.data,
  }),
});
export type PortalFeeProposalReply = z.infer<typeof PortalFeeProposalReply>;

export const ShareFeeProposalBody = z.object({
  version: z.number({ error: FEE_PROPOSAL_MESSAGES.versionRequired }).int().min(1),
});
export const AcceptFeeProposalBody = z.object({});
export const DeclineFeeProposalBody = z.object({
  reason: z
    .string({ error: FEE_PROPOSAL_MESSAGES.reasonRequired })
    .trim()
    .min(1, FEE_PROPOSAL_MESSAGES.reasonRequired)
    .max(FEE_PROPOSAL_REASON_MAX, `At most ${FEE_PROPOSAL_REASON_MAX} characters`)
    .transform(wellFormed),
});

const TokenProposalParams = z.object({
  token: z.string().max(200),
  proposalId: z.string().max(64),
});
const firm = operationsOf('workspace', ['fees']);
const client = operationsOf('public', ['client portal']);
const gone = { 404: ErrorReply, 410: ErrorReply, 429: ErrorReply };

export const feeProposalOperations = {
  share: firm({
    method: 'POST',
    path: '/fee-agreements/:projectId/proposals',
    summary: "Share the agreement's fee proposal in its client's portal for acceptance (the portal opened if needed): frozen as the next version, superseding one still waiting",
    params: z.object({ projectId: z.string().max(64) }),
    body: ShareFeeProposalBody,
    replies: {
      201: FeeSavedReply,
      400: ErrorReply,
      404: ErrorReply,
      409: ErrorReply,
    },
  }),
  read: client({
    method: 'GET',
    path: '/portal/:token/fee-proposals/:proposalId',
    summary: 'A fee proposal shared with the client: the frozen engagement letter (client figures only)',
    params: TokenProposalParams,
    replies: { 200: PortalFeeProposalReply, 403: ErrorReply, ...gone },
  }),
  accept: client({
    method: 'POST',
    path: '/portal/:token/fee-proposals/:proposalId/accept',
    summary: 'Accept the waiting fee proposal (needs a proof of the address): who, when, from which link and which version are kept',
    params: TokenProposalParams,
    body: AcceptFeeProposalBody,
    replies: { 200: MessageReply, 403: ErrorReply, ...gone, 409: ErrorReply },
  }),
  decline: client({
    method: 'POST',
    path: '/portal/:token/fee-proposals/:proposalId/decline',
    summary: 'Decline the waiting fee proposal with a reason the firm reads (needs a proof of the address)',
    params: TokenProposalParams,
    body: DeclineFeeProposalBody,
    replies: {
      200: MessageReply,
      400: ErrorReply,
      403: ErrorReply,
      ...gone,
      409: ErrorReply,
    },
  }),
} as const;
