import { z } from 'zod/v4';
import { ErrorReply } from './http.js';
import { operation } from './operation.js';
import { ScheduleIdParams } from './summary.js';
import { PrintQuery } from './summary-print.js';

/**
 * The client proposal of a schedule (docs/decisions/286): what the web's PDF
 * prints, in one reply. Client prices only: no trade price, cost, profit or markup is in this
 * shape, so nobody's reply can carry one (any workspace member may export it). Images are data
 * URLs of thumbnails, the letterhead the firm's billing profile.
 */

export { PrintQuery as ProposalQuery } from './summary-print.js';

const Money = z.object({ taxable: z.number(), tax: z.number(), total: z.number() });
export type ProposalMoney = z.infer<typeof Money>;

export const ProposalLine = z.object({
  id: z.string(),
  type: z.enum(['product', 'financial']),
  title: z.string(),
  /** Whole: the proposal never cuts a description. */
  description: z.string(),
  /** The item's first image as a thumbnail data URL, or null. */
  image: z.string().nullable(),
  hsnSac: z.string(),
  /** The exact quantity as text ("12.5") and its UQC unit (decision 403). */
  quantity: z.string(),
  unit: z.string(),
  /** Retail price per unit, paise. */
  unitPrice: z.number(),
  /** The item's discount in paise (0 when none). */
  discount: z.number(),
  /** The line's client price: quantity × unit price − discount. */
  taxable: z.number(),
  rateBp: z.number(),
  tax: z.number(),
  total: z.number(),
});
export type ProposalLine = z.infer<typeof ProposalLine>;

export const ProposalReply = z.object({
  data: z.object({
    firm: z.object({ name: z.string(), legalName: z.string(), address: z.string(), state: z.string(), gstin: z.string(), logo: z.string().nullable() }),
    project: z.object({ id: z.string(), name: z.string() }),
    schedule: z.object({ id: z.string(), title: z.string() }),
    issuedAt: z.string(),
    validUntil: z.string(),
    terms: z.string(),
    rooms: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        sections: z.array(z.object({ id: z.string(), title: z.string(), lines: z.array(ProposalLine), totals: Money })),
        totals: Money,
      }),
    ),
    totals: Money,
    /** The grand total in words, Indian numbering ("Rupees One Lakh … Only"). */
    totalInWords: z.string(),
    /** One row per GST rate used, lowest first. */
    byRate: z.array(z.object({ rateBp: z.number(), taxable: z.number(), tax: z.number() })),
  }),
});
export type ProposalReply = z.infer<typeof ProposalReply>;
export type ProposalData = ProposalReply['data'];

export const PROPOSAL_MESSAGES = {
  sectionNotInSchedule: 'A chosen section is not part of this schedule',
} as const;

/** A schedule's client proposal, declared once (docs/decisions/285, 370): server/routes/proposals/schedule.ts registers it, app/models/purchase-orders.server.ts calls it. */
export const proposalOperations = {
  get: operation({
    method: 'GET',
    path: '/proposals/schedules/:scheduleId',
    scope: 'workspace',
    tags: ['money'],
    summary: "A schedule's client proposal: chosen sections (none = all not rejected), client prices with GST per line, the firm's letterhead, validity and terms",
    params: ScheduleIdParams,
    query: PrintQuery,
    replies: { 200: ProposalReply, 404: ErrorReply },
  }),
} as const;
