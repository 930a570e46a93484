import { z } from 'zod/v4';
import { COST_KINDS, FEE_BASES, WORK_KINDS } from './fees-rules.js';
import { ErrorReply } from './http.js';
import { operation } from './operation.js';

/**
 * The fee proposal: a printable engagement letter of a project's fee agreement (docs/decisions/381),
 * declared once (docs/decisions/370). The firm's side only: what it proposes, at the current
 * estimate; the client's acceptance is the client portal's.
 */

const Party = z.object({ name: z.string(), address: z.string(), state: z.string(), gstin: z.string() });

export const FeeLetterStage = z.object({
  name: z.string(),
  shareBp: z.number(),
  costBasis: z.enum(COST_KINDS),
  minimum: z.number(),
  /** Due by this stage, cumulatively, at the current estimate (its minimum at least); null on an hourly agreement or before any cost. */
  cumulative: z.number().nullable(),
  /** This stage's own part: cumulative less the stage before's. */
  amount: z.number().nullable(),
});
export type FeeLetterStage = z.infer<typeof FeeLetterStage>;

export const FeeLetterReply = z.object({
  data: z.object({
    /** The firm's today (ISO day), the letter's date, and its zone. */
    today: z.string(),
    timeZone: z.string(),
    firm: Party.extend({ logo: z.string().nullable() }),
    /** The agreement's client, null while it names none. */
    client: Party.nullable(),
    projectName: z.string(),
    basis: z.enum(FEE_BASES),
    workKind: z.enum(WORK_KINDS),
    sac: z.string(),
    rateMilli: z.number(),
    lumpSum: z.number(),
    hourlyRate: z.number(),
    hourlyCap: z.number().nullable(),
    documentationCharge: z.boolean(),
    billCheckingCharge: z.boolean(),
    /** The estimate the amounts are figured on (the latest, or the actual cost), null before any. */
    estimate: z.object({ kind: z.enum(COST_KINDS), amount: z.number(), recordedOn: z.string() }).nullable(),
    /** The whole fee at that estimate (a percentage), the lump sum, or null. */
    fee: z.number().nullable(),
    gstRateBp: z.number(),
    stages: z.array(FeeLetterStage),
    paymentTermsDays: z.number(),
    terms: z.string(),
  }),
});
export type FeeLetterReply = z.infer<typeof FeeLetterReply>;

export const feeLetterOperations = {
  print: operation({
    method: 'GET',
    path: '/fee-agreements/:projectId/letter',
    scope: 'workspace',
    tags: ['fees'],
    summary: "The engagement letter's print data: scope, basis, scale, the stage schedule with amounts at the current estimate, payment terms",
    params: z.object({ projectId: z.string().max(64) }),
    replies: { 200: FeeLetterReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply },
  }),
};
