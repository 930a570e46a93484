import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './accounts';
import { contacts } from './contacts-chat';
import { invoices } from './invoices';
import { projects } from './projects';

// Fee agreements of architects (docs/decisions/425–428) --------------------------------------

/**
 * A project's fee agreement: a percentage of the cost of works (rate in thousandths of a
 * percent), a lump sum, or hourly with an optional cap (paise). One per project.
 */
export const feeAgreements = pgTable(
  'fee_agreements',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** 'percentage' | 'lump_sum' | 'hourly'. */
    basis: text('basis').notNull(),
    /** contract/fees-rules WORK_KINDS: the COA rate it started from and the SAC. */
    workKind: text('work_kind').notNull(),
    rateMilli: integer('rate_milli').notNull().default(0),
    lumpSum: bigint('lump_sum', { mode: 'number' }).notNull().default(0),
    hourlyRate: bigint('hourly_rate', { mode: 'number' }).notNull().default(0),
    hourlyCap: bigint('hourly_cap', { mode: 'number' }),
    documentationCharge: boolean('documentation_charge').notNull().default(false),
    billCheckingCharge: boolean('bill_checking_charge').notNull().default(false),
    /** The client its stage invoices go to. */
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fee_agreements_project_idx').on(t.projectId), index('fee_agreements_firm_idx').on(t.firmId), index('fee_agreements_contact_idx').on(t.contactId), index('fee_agreements_updated_by_idx').on(t.updatedBy)],
);

/** A stage of the agreement: its cumulative share (basis points), the cost it is figured on, a minimum (paise), when it was reached. */
export const feeStages = pgTable(
  'fee_stages',
  {
    id: id(),
    agreementId: text('agreement_id')
      .notNull()
      .references(() => feeAgreements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    shareBp: integer('share_bp').notNull(),
    /** 'rough' | 'preliminary' | 'tender' | 'actual'. */
    costBasis: text('cost_basis').notNull(),
    minimum: bigint('minimum', { mode: 'number' }).notNull().default(0),
    reachedOn: date('reached_on', { mode: 'string' }),
  },
  (t) => [index('fee_stages_agreement_idx').on(t.agreementId, t.position)],
);

/** The cost of works as it became known, each dated. */
export const feeCosts = pgTable(
  'fee_costs',
  {
    id: id(),
    agreementId: text('agreement_id')
      .notNull()
      .references(() => feeAgreements.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('fee_costs_agreement_idx').on(t.agreementId, t.createdAt), index('fee_costs_created_by_idx').on(t.createdBy)],
);

/** An invoice or credit note a stage produced, with the figures it was computed from (what its line says). */
export const feeStageDocuments = pgTable(
  'fee_stage_documents',
  {
    id: id(),
    agreementId: text('agreement_id')
      .notNull()
      .references(() => feeAgreements.id, { onDelete: 'cascade' }),
    stageId: text('stage_id').references(() => feeStages.id, { onDelete: 'set null' }),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    figures: jsonb('figures').$type<{ cost: number; costKind: string | null; rateMilli: number; shareBp: number; due: number; billed: number; amount: number }>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fee_stage_documents_agreement_idx').on(t.agreementId, t.createdAt), index('fee_stage_documents_stage_idx').on(t.stageId), uniqueIndex('fee_stage_documents_invoice_idx').on(t.invoiceId)],
);
