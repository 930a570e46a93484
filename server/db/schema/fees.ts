import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './accounts';
import { contacts } from './contacts-chat';
import { invoices } from './invoices';
import { projects } from './projects';
import { clientPortals } from './portal';

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
    /** The version a change must name (docs/decisions/320): raised by every edit of the terms or stages; a stale one answers 409. */
    version: integer('version').notNull().default(1),
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

/** The terms a fee proposal froze: what billing follows once the client accepted it (docs/decisions/421). */
export type FrozenFeeTerms = {
  basis: string;
  workKind: string;
  rateMilli: number;
  lumpSum: number;
  hourlyRate: number;
  hourlyCap: number | null;
  documentationCharge: boolean;
  billCheckingCharge: boolean;
  stages: { id: string; name: string; shareBp: number; costBasis: string; minimum: number }[];
};

/**
 * A fee proposal shared with the client for acceptance (docs/decisions/421): version N of the
 * agreement, frozen when shared: the engagement letter's content and figures (`letter`, the PDF is
 * printed from it) and the terms billing follows once accepted (`terms`). Status: 'pending',
 * 'accepted', 'declined', or 'superseded' (a newer version was shared before the client answered).
 */
export const feeProposals = pgTable(
  'fee_proposals',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agreementId: text('agreement_id')
      .notNull()
      .references(() => feeAgreements.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The portal it was shared through. */
    portalId: text('portal_id')
      .notNull()
      .references(() => clientPortals.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The agreement's record version it was frozen from. */
    agreementVersion: integer('agreement_version').notNull(),
    letter: jsonb('letter').$type<Record<string, unknown>>().notNull(),
    terms: jsonb('terms').$type<FrozenFeeTerms>().notNull(),
    status: text('status').notNull().default('pending'),
    sharedBy: text('shared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The address the client proved before deciding, and the portal (link) they decided through. */
    decidedEmail: text('decided_email'),
    decidedPortalId: text('decided_portal_id').references(() => clientPortals.id, { onDelete: 'set null' }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    uniqueIndex('fee_proposals_version_idx').on(t.agreementId, t.version),
    index('fee_proposals_firm_idx').on(t.firmId),
    index('fee_proposals_contact_idx').on(t.contactId, t.createdAt),
    index('fee_proposals_portal_idx').on(t.portalId),
    index('fee_proposals_shared_by_idx').on(t.sharedBy),
    index('fee_proposals_decided_portal_idx').on(t.decidedPortalId),
  ],
);
