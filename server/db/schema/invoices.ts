import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';
import { contacts } from './contacts-chat';
import { projects } from './projects';

// Invoices, credit notes and payments (5, 8; docs/decisions/280–283) ------------

/** What an issued document prints of its issuer and its recipient, frozen when it is issued. */
export type PartySnapshot = {
  legalName: string;
  address: string;
  /** An Indian state as the places data spells it, or '' (a client abroad). */
  state: string;
  gstin: string;
  email: string;
  /** The issuer's only. */
  pan?: string;
  bankAccountName?: string;
  bankAccountNumber?: string;
  bankIfsc?: string;
  upiId?: string;
  /** The issuer's only (decisions 396, 397). */
  reverseCharge?: boolean;
  upiLimit?: number;
};

/**
 * A firm's invoice to a client, a credit note against one, or the platform's subscription invoice
 * to a firm (docs/decisions/280). `issuerId` is the firm account or `platform`; `firmId` is the
 * firm concerned (the issuer, or the billed firm of a platform invoice). `state` is draft, issued
 * or void; `status` is what the api computes from payments (draft, issued, part_paid, paid, void),
 * kept on the row (changed in the transaction that records a payment) so lists can filter by it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    issuerId: text('issuer_id').notNull(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'invoice' | 'credit-note'. */
    kind: text('kind').notNull().default('invoice'),
    /** The invoice a credit note reduces. */
    creditFor: text('credit_for'),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** 'draft' | 'issued' | 'part_paid' | 'paid' | 'void'. */
    status: text('status').notNull().default('draft'),
    number: text('number'),
    /** 'intra' | 'inter' (CGST + SGST or IGST). */
    supply: text('supply').notNull(),
    placeOfSupply: text('place_of_supply').notNull().default(''),
    seller: jsonb('seller').$type<PartySnapshot | null>(),
    buyer: jsonb('buyer').$type<PartySnapshot | null>(),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    taxable: bigint('taxable', { mode: 'number' }).notNull().default(0),
    cgst: bigint('cgst', { mode: 'number' }).notNull().default(0),
    sgst: bigint('sgst', { mode: 'number' }).notNull().default(0),
    igst: bigint('igst', { mode: 'number' }).notNull().default(0),
    /**
     * Paise added to the lines' sum to bring the total to the rupee (−49 to +50; 0 unless the
     * profile asks for it when the invoice is issued; decision 408). `total` includes it.
     */
    roundOff: bigint('round_off', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    /** Sums of the credit notes and payments against it (kept in the transactions that add them). */
    credited: bigint('credited', { mode: 'number' }).notNull().default(0),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    /** A reminder mail this many days after the due date (null: none), and when it went. */
    reminderDays: integer('reminder_days'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_issuer_idx').on(t.issuerId, t.createdAt),
    index('invoices_firm_idx').on(t.firmId, t.createdAt),
    index('invoices_project_idx').on(t.projectId),
    index('invoices_contact_idx').on(t.contactId),
    index('invoices_updated_by_idx').on(t.updatedBy),
    index('invoices_credit_for_idx').on(t.creditFor),
    index('invoices_created_by_idx').on(t.createdBy),
    uniqueIndex('invoices_issuer_number_idx').on(t.issuerId, t.kind, t.number),
    // The reminder job's candidates only.
    index('invoices_reminder_idx').on(t.dueDate).where(sql`${t.reminderDays} is not null and ${t.reminderSentAt} is null and ${t.status} in ('issued', 'part_paid')`),
  ],
);

/** A line of an invoice or credit note: its inputs and the figures server/money computed from them. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    hsnSac: text('hsn_sac').notNull().default(''),
    /** The summary item it came from (none for a free line). */
    sourceItemId: text('source_item_id'),
    /**
     * The release before kept whole units here; it stays, nullable and no longer written, until the
     * release after this one drops it (expand, then contract: decision 407).
     */
    legacyQuantity: integer('quantity'),
    /** Thousandths of `unit` (12.5 m is 12500), exact (CGST rule 46(f); decision 407). */
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    /** A code of GST's UQC list (NOS, MTR, SQM…); NA for a service. */
    unit: text('unit').notNull().default('NOS'),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    rateBp: integer('rate_bp').notNull(),
    taxable: bigint('taxable', { mode: 'number' }).notNull(),
    cgst: bigint('cgst', { mode: 'number' }).notNull(),
    sgst: bigint('sgst', { mode: 'number' }).notNull(),
    igst: bigint('igst', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/** A payment received against an invoice, with its receipt number. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** What arrived (bank, UPI, cheque, cash); the invoice settles on amount + tdsPaise (docs/decisions/415). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Income tax the client deducted at source and paid to the government for the firm (194J; 393 from 1 April 2026). */
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    /** '' (no TDS), '194J' or '393' (the Income-tax Act 2025), as the client's certificate names it. */
    tdsSection: text('tds_section').notNull().default(''),
    /** The rate the client applied, in basis points (1000 = 10 %, 200 = 2 %); null when none or stated as an amount only. */
    tdsRateBp: integer('tds_rate_bp'),
    /** The deductor's TAN (ten characters, e.g. MUMA12345B) when known. */
    tdsTan: text('tds_tan').notNull().default(''),
    /** 'upi' | 'bank_transfer' | 'cheque' | 'cash'. */
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    receiptNumber: text('receipt_number').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId, t.createdAt), index('invoice_payments_created_by_idx').on(t.createdBy)],
);

/** The platform's own billing profile (item 8): one row, id 'platform', set by the super-admin. */
export const platformBillingProfile = pgTable('platform_billing_profile', {
  id: text('id').primaryKey(),
  profile: jsonb('profile').notNull(),
  /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('platform_billing_profile_updated_by_idx').on(t.updatedBy)]);

/**
 * A TDS certificate (Form 16A) a client issued the firm for a quarter (docs/decisions/416): its
 * number, date and amount, matched in the TDS report against the TDS recorded on payments.
 */
export const tdsCertificates = pgTable(
  'tds_certificates',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** The deductor's TAN as the certificate prints it. */
    tan: text('tan').notNull().default(''),
    /** "2026-27 Q1": the financial year and quarter (server/money/tds.ts). */
    quarter: text('quarter').notNull(),
    number: text('number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('tds_certificates_firm_idx').on(t.firmId, t.quarter), index('tds_certificates_contact_idx').on(t.contactId), index('tds_certificates_created_by_idx').on(t.createdBy), uniqueIndex('tds_certificates_number_idx').on(t.firmId, t.tan, t.number)],
);
