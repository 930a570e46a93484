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
  figures: FiguresJson,
});
export type FinancialRow = z.infer<typeof FinancialRow>;

export const FinancialReply = z.object({
  data: z.object({
    /** Every workspace project of the firm (the filter's choices). */
    projects: z.array(z.object({ id: z.string(), projectName: z.string() })),
    /** The filter applied, or null for all projects. */
    projectId: z.string().nullable(),
    rows: z.array(FinancialRow),
    totals: FiguresJson,
    /**
     * Committed on purchase orders (every order not cancelled; issue 28 item 7, docs/decisions/285),
     * in paise: per project shown, per schedule row, and the projects' sum (an order whose schedule
     * was deleted counts for its project only).
     */
    committed: z.object({ byProject: z.record(z.string(), z.number()), bySchedule: z.record(z.string(), z.number()), total: z.number() }),
  }),
});
export type FinancialReply = z.infer<typeof FinancialReply>;
