import { z } from 'zod/v4';
import { FiguresJson } from './summary.js';

/**
 * The firm-wide financial overview (DESIGN.md section 9; docs/decisions/107): per project and
 * schedule, client price, trade cost, net profit and markup, with totals. The firm and its
 * sub-admins only.
 */

export const FinancialQuery = z.object({ projectId: z.string().max(64).optional() });

export const FinancialRow = z.object({
  projectId: z.string(),
  projectName: z.string(),
  scheduleId: z.string(),
  scheduleTitle: z.string(),
  /** When the schedule was created (ISO instant): the CSV writes it in the firm's time zone (decision 265). */
  scheduleCreatedAt: z.string(),
  figures: FiguresJson,
});
export type FinancialRow = z.infer<typeof FinancialRow>;

/** Per project: quoted and invoiced before GST, received and outstanding with GST, margin of the approved sections (docs/decisions/283). */
export const ProjectMoneyRow = z.object({
  projectId: z.string(),
  projectName: z.string(),
  quoted: z.number(),
  invoiced: z.number(),
  received: z.number(),
  outstanding: z.number(),
  margin: z.number(),
});
export type ProjectMoneyRow = z.infer<typeof ProjectMoneyRow>;

const AgeRow = z.object({ current: z.number(), d1_30: z.number(), d31_60: z.number(), d61_90: z.number(), over90: z.number(), total: z.number() });

/** Receivables at a glance (docs/decisions/418): with GST, in paise. */
export const Receivables = z.object({
  /** The firm's today (ISO day) the ages are counted from. */
  today: z.string(),
  /** Outstanding by days past the due date, per client (most owed first) and in total. */
  byClient: z.array(AgeRow.extend({ clientKey: z.string(), clientName: z.string() })),
  total: AgeRow,
  /** The last twelve months, oldest first: invoiced (less credit notes) and received (with TDS). */
  months: z.array(z.object({ month: z.string(), invoiced: z.number(), received: z.number() })),
});
export type Receivables = z.infer<typeof Receivables>;

export const FinancialReply = z.object({
  data: z.object({
    /** Every workspace project of the firm (the filter's choices). */
    projects: z.array(z.object({ id: z.string(), projectName: z.string() })),
    /** The filter applied, or null for all projects. */
    projectId: z.string().nullable(),
    rows: z.array(FinancialRow),
    totals: FiguresJson,
    /** Where the money stands per project (the filter applied). */
    money: z.array(ProjectMoneyRow),
    /**
     * Committed on purchase orders (every order not cancelled, docs/decisions/285),
     * in paise: per project shown, per schedule row, and the projects' sum (an order whose schedule
     * was deleted counts for its project only).
     */
    committed: z.object({ byProject: z.record(z.string(), z.number()), bySchedule: z.record(z.string(), z.number()), total: z.number() }),
    receivables: Receivables,
  }),
});
export type FinancialReply = z.infer<typeof FinancialReply>;
