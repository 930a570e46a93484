import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './accounts';
import { feeStages } from './fees';
import { invoices } from './invoices';
import { projects } from './projects';
import { tasks } from './team';
import { files } from './workspace';

// Time of the firm's people (docs/decisions/371–373) ------------------------------------------

/**
 * Time a person spent on a project, on one day, in whole minutes, against a stage of the fee
 * agreement or a task (or neither). Approval of the person's week freezes the rates it is worth
 * (paise per hour); billing sets `invoiceId`, so approved time is billed once.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The person: the firm's own account or one of its employees. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stageId: text('stage_id').references(() => feeStages.id, { onDelete: 'set null' }),
    taskId: text('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    billable: boolean('billable').notNull().default(true),
    note: text('note').notNull().default(''),
    /** Set when the person's week is approved, with the rates it is worth from then on. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
    costRate: bigint('cost_rate', { mode: 'number' }),
    billRate: bigint('bill_rate', { mode: 'number' }),
    /** The draft or issued invoice that billed it; deleting a draft returns it to the unbilled. */
    invoiceId: text('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The version a change must name (docs/decisions/320): a stale one answers 409. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('time_entries_project_idx').on(t.projectId, t.workDate),
    index('time_entries_person_idx').on(t.firmId, t.userId, t.workDate),
    index('time_entries_user_idx').on(t.userId, t.workDate),
    index('time_entries_stage_idx').on(t.stageId),
    index('time_entries_task_idx').on(t.taskId),
    index('time_entries_approved_by_idx').on(t.approvedBy),
    index('time_entries_invoice_idx').on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
  ],
);

/** A person's approved week (Monday to Sunday): no time is added to it or changed until it is reopened. */
export const timesheetApprovals = pgTable(
  'timesheet_approvals',
  {
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] }), index('timesheet_approvals_firm_idx').on(t.firmId, t.weekStart), index('timesheet_approvals_approved_by_idx').on(t.approvedBy)],
);

/** A person's running timer (one at most): stopping it records an entry of the minutes it ran. */
export const timeTimers = pgTable(
  'time_timers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    stageId: text('stage_id').references(() => feeStages.id, { onDelete: 'set null' }),
    taskId: text('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    billable: boolean('billable').notNull().default(true),
    note: text('note').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('time_timers_firm_idx').on(t.firmId), index('time_timers_project_idx').on(t.projectId), index('time_timers_stage_idx').on(t.stageId), index('time_timers_task_idx').on(t.taskId)],
);

/** A person's rates, paise per hour: what an hour costs the firm and what it bills (financials, docs/decisions/258). */
export const timeRates = pgTable(
  'time_rates',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    costRate: bigint('cost_rate', { mode: 'number' }).notNull().default(0),
    billRate: bigint('bill_rate', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('time_rates_firm_idx').on(t.firmId)],
);

/** An invoice that billed time: how much of it was time (before GST), for an hourly agreement's cap. */
export const timeBillings = pgTable(
  'time_billings',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    minutes: integer('minutes').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('time_billings_project_idx').on(t.projectId), index('time_billings_invoice_idx').on(t.invoiceId), index('time_billings_firm_idx').on(t.firmId), index('time_billings_created_by_idx').on(t.createdBy)],
);

// Expenses of a project (docs/decisions/374) --------------------------------------------------

/**
 * A cost the firm met on a project: its amount before GST and the GST paid on it (input tax), the
 * receipt as one of the project's files (uploaded through the Files pipeline), who paid it (the
 * firm, or a person to reimburse), and, when billable, the markup it is billed at (basis points).
 */
export const projectExpenses = pgTable(
  'project_expenses',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    spentOn: date('spent_on', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    supplier: text('supplier').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    gst: bigint('gst', { mode: 'number' }).notNull().default(0),
    /** Null: the firm paid; else the person who paid and is owed it. */
    paidBy: text('paid_by').references(() => users.id, { onDelete: 'set null' }),
    reimbursedAt: timestamp('reimbursed_at', { withTimezone: true }),
    billable: boolean('billable').notNull().default(false),
    markupBp: integer('markup_bp').notNull().default(0),
    receiptFileId: text('receipt_file_id').references(() => files.id, { onDelete: 'set null' }),
    invoiceId: text('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('project_expenses_project_idx').on(t.projectId, t.spentOn),
    index('project_expenses_firm_idx').on(t.firmId),
    index('project_expenses_paid_by_idx').on(t.paidBy),
    index('project_expenses_receipt_idx').on(t.receiptFileId),
    index('project_expenses_invoice_idx').on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
    index('project_expenses_created_by_idx').on(t.createdBy),
  ],
);
