import { z } from 'zod/v4';
import { EXPORT_MESSAGES as M, GSTR1_SECTIONS, rangeProblem, returnPeriod } from './accounting-exports-rules.js';
import { ErrorReply } from './http.js';
import { binary, operationsOf } from './operation.js';

/**
 * The accounting exports (docs/decisions/405, 406): GSTR-1 of a return period (its summary, the
 * portal's JSON and a CSV per section) and the Tally XML and Zoho Books CSVs of a date range. The
 * firm and its sub-admins only. Files are streamed, written as the documents are read.
 */

export * from './accounting-exports-rules.js';

export const PeriodQuery = z.object({ period: z.string({ error: M.period }).max(16, M.period).refine((v) => returnPeriod(v) !== null, M.period) });
export type PeriodQuery = z.infer<typeof PeriodQuery>;

export const SectionParams = z.object({ section: z.enum(GSTR1_SECTIONS, { error: M.section }) });

/** A range's days are checked together (rangeProblem); the document still names each a YYYY-MM-DD day. */
export const RangeQuery = z
  .object({ from: z.string({ error: M.from }).max(10, M.from).meta({ format: 'date' }), to: z.string({ error: M.to }).max(10, M.to).meta({ format: 'date' }) })
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


const op = operationsOf('workspace', ['accounting exports']);
/** A period or range it cannot read (400), and a firm without the billing profile or GSTIN a return needs (409). */
const exportErrors = { 400: ErrorReply, 409: ErrorReply } as const;

/**
 * The accounting exports (docs/decisions/405, 406), each operation declared once
 * (docs/decisions/370), for the firm and its sub-admins: GSTR-1's figures, and the files streamed
 * as they are written (the web passes them on: app/models/accounting-exports.server.ts).
 */
export const accountingExportOperations = {
  gstr1: op({
    method: 'GET',
    path: '/accounting-exports/gstr1',
    summary: 'GSTR-1 of a return period in figures: per section, documents issued and cancelled (?period=2026-11 or 2026-Q3)',
    query: PeriodQuery,
    replies: { 200: Gstr1SummaryReply, ...exportErrors },
  }),
  gstr1Json: op({
    method: 'GET',
    path: '/accounting-exports/gstr1/json',
    summary: "GSTR-1 of a return period as the GST portal's JSON file (the offline tool opens it too)",
    query: PeriodQuery,
    replies: { 200: binary('application/json'), ...exportErrors },
  }),
  gstr1Csv: op({
    method: 'GET',
    path: '/accounting-exports/gstr1/csv/:section',
    summary: 'One section of GSTR-1 as CSV, to check by eye (b2b, b2cl, b2cs, cdnr, cdnur, hsn, docs)',
    params: SectionParams,
    query: PeriodQuery,
    replies: { 200: binary('text/csv'), ...exportErrors },
  }),
  tally: op({
    method: 'GET',
    path: '/accounting-exports/tally',
    summary: 'Sales invoices, credit notes and receipts of a date range as Tally XML vouchers, with the ledgers they need (?from=&to=)',
    query: RangeQuery,
    replies: { 200: binary('application/xml'), ...exportErrors },
  }),
  zohoInvoices: op({
    method: 'GET',
    path: '/accounting-exports/zoho/invoices',
    summary: "A date range's invoices as Zoho Books' invoice import CSV, a row per line",
    query: RangeQuery,
    replies: { 200: binary('text/csv'), ...exportErrors },
  }),
  zohoCustomers: op({
    method: 'GET',
    path: '/accounting-exports/zoho/customers',
    summary: "The clients of a date range as Zoho Books' customer import CSV",
    query: RangeQuery,
    replies: { 200: binary('text/csv'), ...exportErrors },
  }),
} as const;
