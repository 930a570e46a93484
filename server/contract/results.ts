import { z } from 'zod/v4';
import { FEE_BASES } from './fees-rules.js';
import { ErrorReply } from './http.js';
import { operation } from './operation.js';

/**
 * What each project really made (docs/decisions/378), each operation declared once
 * (docs/decisions/370). Costs and the result are financials: the firm, its sub-admins and the
 * employees it lets see financials (docs/decisions/258). Amounts in paise, before GST except
 * received (with GST, TDS included); time in minutes.
 */

const Figures = {
  /** Null without an agreement, or a percentage one before any cost of works. */
  feeAgreed: z.number().nullable(),
  basis: z.enum(FEE_BASES).nullable(),
  billed: z.number(),
  received: z.number(),
  minutes: z.number(),
  timeCost: z.number(),
  expenses: z.number(),
  expensesGst: z.number(),
  expensesRecovered: z.number(),
  result: z.number(),
};

export const ProjectResultRow = z.object({ projectId: z.string(), projectName: z.string(), ...Figures });
export type ProjectResultRow = z.infer<typeof ProjectResultRow>;

export const ResultMonth = z.object({ month: z.string(), billed: z.number(), received: z.number(), cost: z.number() });
export type ResultMonth = z.infer<typeof ResultMonth>;

export const ProjectResultReply = z.object({
  data: z.object({
    project: z.object({ id: z.string(), projectName: z.string() }),
    ...Figures,
    /** Time by fee stage, in the agreement's order; time on no stage last. */
    stages: z.array(z.object({ stageId: z.string().nullable(), name: z.string(), minutes: z.number(), cost: z.number() })),
    /** From the first month anything happened to this month (at most 24), oldest first. */
    months: z.array(ResultMonth),
  }),
});
export type ProjectResultReply = z.infer<typeof ProjectResultReply>;

export const ProjectResultsReply = z.object({
  data: z.object({
    rows: z.array(ProjectResultRow),
    totals: z.object({ billed: z.number(), received: z.number(), minutes: z.number(), timeCost: z.number(), expenses: z.number(), result: z.number() }),
  }),
});
export type ProjectResultsReply = z.infer<typeof ProjectResultsReply>;

const tags = ['results'];

export const resultOperations = {
  project: operation({
    method: 'GET',
    path: '/project-results/:projectId',
    scope: 'workspace',
    tags,
    summary: "What the project made: fee agreed, billed, received, time by stage (hours and at cost), expenses, the result, and the months of it",
    params: z.object({ projectId: z.string().max(64) }),
    replies: { 200: ProjectResultReply, 403: ErrorReply, 404: ErrorReply },
  }),
  list: operation({
    method: 'GET',
    path: '/project-results',
    scope: 'workspace',
    tags,
    summary: "Each workspace project's result, for the Financial overview and its CSV",
    replies: { 200: ProjectResultsReply, 403: ErrorReply },
  }),
};
