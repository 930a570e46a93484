import { z } from 'zod/v4';
import { EXPORT_MESSAGES as M, GSTR1_SECTIONS, rangeProblem, returnPeriod } from './accounting-exports-rules.js';

/**
 * The accounting exports (docs/decisions/405, 406): GSTR-1 of a return period (its summary, the
 * portal's JSON and a CSV per section) and the Tally XML and Zoho Books CSVs of a date range. The
 * firm and its sub-admins only. Files are streamed, written as the documents are read.
 */

export * from './accounting-exports-rules.js';

export const PeriodQuery = z.object({ period: z.string({ error: M.period }).max(16, M.period).refine((v) => returnPeriod(v) !== null, M.period) });
export type PeriodQuery = z.infer<typeof PeriodQuery>;

export const SectionParams = z.object({ section: z.enum(GSTR1_SECTIONS, { error: M.section }) });

export const RangeQuery = z
  .object({ from: z.string({ error: M.from }).max(10, M.from), to: z.string({ error: M.to }).max(10, M.to) })
  .superRefine((v, ctx) => {
    const problem = rangeProblem(v.from, v.to);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem === M.from ? 'from' : 'to'], message: problem });
  });
export type RangeQuery = z.infer<typeof RangeQuery>;

const SectionTotals = z.object({ documents: z.number(), value: z.number(), taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number() });

/** GSTR-1 of a period in figures, to check before downloading: per section, in paise. */
export const Gstr1SummaryReply = z.object({
  data: z.object({
    period: z.object({ value: z.string(), label: z.string(), from: z.string(), to: z.string(), fp: z.string() }),
    gstin: z.string(),
    sections: z.object({ b2b: SectionTotals, b2cl: SectionTotals, b2cs: SectionTotals, cdnr: SectionTotals, cdnur: SectionTotals, exports: SectionTotals }),
    /** Documents numbered in the period (void ones included), and how many of them are void. */
    documents: z.number(),
    cancelled: z.number(),
    /** Lines with no HSN/SAC: the portal refuses the HSN table until they have one. */
    missingHsn: z.number(),
  }),
});
export type Gstr1SummaryReply = z.infer<typeof Gstr1SummaryReply>;
export type Gstr1SummaryData = Gstr1SummaryReply['data'];

