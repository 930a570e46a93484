import { z } from 'zod/v4';
import { dayText } from './text-fields.js';
import { ErrorReply, MessageReply } from './http.js';
import { divideHalfUp, MAX_PAISE } from './money-rounding.js';
import { parseRupees } from './money-text.js';
import { operation } from './operation.js';

/**
 * A project's expenses (docs/decisions/374), each operation declared once (docs/decisions/370).
 * Expenses are financials: the firm and its sub-admins record, see and bill them.
 */

export const EXPENSE_CATEGORIES = ['travel', 'printing', 'models', 'site', 'consultants', 'permits', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  travel: 'Travel and site visits',
  printing: 'Printing and drawings',
  models: 'Models and samples',
  site: 'Site expenses',
  consultants: 'Consultants',
  permits: 'Fees and permits',
  other: 'Other',
};

export const EXPENSE_LIMITS = { supplier: 120, markupBp: 10_000, perProject: 2000 } as const;

export const EXPENSE_MESSAGES = {
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  future: 'An expense cannot be dated after today',
  category: 'Choose what the expense was for',
  amount: 'Enter an amount in rupees, like 2,500 or 2,500.50',
  gst: 'Enter the GST paid in rupees (0 when none)',
  markup: 'Enter a markup from 0 to 100 % with at most 2 decimals',
  supplier: `A supplier of at most ${EXPENSE_LIMITS.supplier} characters`,
  personNotFound: 'Choose a person of the firm',
  receiptNotFound: 'Choose a file of this project as the receipt',
  notFound: 'Expense not found',
  billed: 'This expense is billed and can no longer change',
  tooMany: `At most ${EXPENSE_LIMITS.perProject} expenses on a project`,
  recorded: 'Expense recorded',
  removed: 'Expense removed',
  reimbursed: 'Marked reimbursed',
  notOwed: 'Only an expense a person paid is reimbursed',
  alreadyReimbursed: 'This expense is already reimbursed',
  nothingToBill: 'No billable expense is waiting to be billed',
  clientRequired: 'Choose the client the invoice goes to',
  notAClient: 'Choose a client of your Address Book',
  billed_: 'Expense invoice drafted: check it and issue it',
} as const;
const M = EXPENSE_MESSAGES;

/**
 * What a billable expense is billed at: its amount before GST plus the markup, to the paisa (half
 * up), the one definition (docs/guides/money.md). GST is charged again on it as part of the service.
 */
export const billedAmountOf = (amount: number, markupBp: number) => amount + Number(divideHalfUp(BigInt(amount) * BigInt(markupBp), 10_000n));

/** A markup as typed ("10", "12.5") → basis points; null unless 0–100 with at most 2 decimals. */
export function parseMarkup(text: string): number | null {
  const cleaned = text.replace(/[%\s]/g, '');
  if (cleaned === '') return 0;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= EXPENSE_LIMITS.markupBp ? bp : null;
}

const paise = (message: string) => z.number({ error: message }).int(message).min(0, message).max(MAX_PAISE, message);
const ref = z.string().trim().max(64).nullable().default(null);

export const ExpenseBody = z.object({
  spentOn: dayText(M.dateInvalid),
  category: z.enum(EXPENSE_CATEGORIES, { error: M.category }),
  supplier: z.string().trim().max(EXPENSE_LIMITS.supplier, M.supplier).default(''),
  amount: paise(M.amount).min(1, M.amount),
  gst: paise(M.gst).default(0),
  paidBy: ref,
  billable: z.boolean().default(false),
  markupBp: z.number({ error: M.markup }).int(M.markup).min(0, M.markup).max(EXPENSE_LIMITS.markupBp, M.markup).default(0),
  receiptFileId: ref,
});
export type ExpenseBody = z.input<typeof ExpenseBody>;

const typed = (parse: (v: string) => number | null, message: string, empty: number | null) =>
  z
    .string({ error: message })
    .trim()
    .default('')
    .transform((v, ctx) => {
      const value = v === '' && empty !== null ? empty : parse(v);
      if (value === null) ctx.addIssue({ code: 'custom', message });
      return value ?? 0;
    });
const blankIsNull = z.string().trim().max(64).default('').transform((v) => v || null);

/** The expense as typed: rupees, a markup in %, checkboxes present only when ticked. */
export const ExpenseForm = z.object({
  spentOn: ExpenseBody.shape.spentOn,
  category: ExpenseBody.shape.category,
  supplier: ExpenseBody.shape.supplier,
  amount: typed(parseRupees, M.amount, null),
  gst: typed(parseRupees, M.gst, 0),
  paidBy: blankIsNull,
  billable: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()).default(false),
  markup: typed(parseMarkup, M.markup, 0),
  receiptFileId: blankIsNull,
});

export const BillExpensesBody = z.object({ contactId: ref });
export type BillExpensesBody = z.input<typeof BillExpensesBody>;

export const Expense = z.object({
  id: z.string(),
  spentOn: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  supplier: z.string(),
  amount: z.number(),
  gst: z.number(),
  paidBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  reimbursed: z.boolean(),
  billable: z.boolean(),
  markupBp: z.number(),
  /** What it is billed at (amount + markup), for a billable expense. */
  billedAmount: z.number(),
  receipt: z.object({ id: z.string(), name: z.string() }).nullable(),
  billed: z.boolean(),
});
export type Expense = z.infer<typeof Expense>;

export const ExpensesReply = z.object({
  data: z.object({
    project: z.object({ id: z.string(), projectName: z.string() }),
    today: z.string(),
    expenses: z.array(Expense),
    /** Sums before GST: every expense; GST paid on them; billable ones not yet billed, at their billed amount; owed to people. */
    totals: z.object({ amount: z.number(), gst: z.number(), readyToBill: z.number(), toReimburse: z.number() }),
    people: z.array(z.object({ id: z.string(), name: z.string() })),
    receipts: z.array(z.object({ id: z.string(), name: z.string() })),
    clients: z.array(z.object({ id: z.string(), name: z.string() })),
    contactId: z.string().nullable(),
  }),
});
export type ExpensesReply = z.infer<typeof ExpensesReply>;

const ProjectParams = z.object({ projectId: z.string().max(64) });
const ExpenseParams = z.object({ projectId: z.string().max(64), expenseId: z.string().max(64) });
const tags = ['expenses'];

export const expenseOperations = {
  list: operation({ method: 'GET', path: '/expenses/:projectId', scope: 'workspace', tags, summary: "A project's expenses with their totals", params: ProjectParams, replies: { 200: ExpensesReply, 403: ErrorReply, 404: ErrorReply } }),
  record: operation({ method: 'POST', path: '/expenses/:projectId', scope: 'workspace', tags, summary: 'Record an expense of the project', params: ProjectParams, body: ExpenseBody, replies: { 201: MessageReply, 400: ErrorReply, 404: ErrorReply } }),
  remove: operation({ method: 'DELETE', path: '/expenses/:projectId/:expenseId', scope: 'workspace', tags, summary: 'Remove an expense not billed', params: ExpenseParams, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply } }),
  reimbursed: operation({ method: 'POST', path: '/expenses/:projectId/:expenseId/reimbursed', scope: 'workspace', tags, summary: 'Mark what a person paid as reimbursed to them', params: ExpenseParams, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply } }),
  bill: operation({ method: 'POST', path: '/expenses/:projectId/bill', scope: 'workspace', tags, summary: 'Bill the billable expenses not yet billed: a draft invoice with a line for each, at cost or with its markup', params: ProjectParams, body: BillExpensesBody, replies: { 201: z.object({ message: z.string(), data: z.object({ invoiceId: z.string(), amount: z.number() }) }), 400: ErrorReply, 404: ErrorReply, 409: ErrorReply } }),
};
