import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

// Money (docs/decisions/255–258) -----------------------------------------------------

/**
 * A firm's billing profile (docs/decisions/256): what its tax documents print and how they are
 * numbered. One row per firm, made the first time the firm saves it. `itemTaxes` holds the default
 * GST rate (basis points) and optional HSN/SAC code per summary item type
 * ({ product: { rateBp: 1800, hsnSac: '9403' }, … }), validated by the contract.
 */
export const firmBillingProfiles = pgTable('firm_billing_profiles', {
  firmId: text('firm_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  address: text('address').notNull(),
  /** The place of supply: an Indian state's name as the places data spells it. */
  state: text('state').notNull(),
  gstin: text('gstin'),
  pan: text('pan'),
  bankAccountName: text('bank_account_name').notNull().default(''),
  bankAccountNumber: text('bank_account_number').notNull().default(''),
  bankIfsc: text('bank_ifsc').notNull().default(''),
  upiId: text('upi_id').notNull().default(''),
  invoicePrefix: text('invoice_prefix').notNull(),
  paymentTermsDays: integer('payment_terms_days').notNull(),
  proposalTerms: text('proposal_terms').notNull().default(''),
  proposalValidityDays: integer('proposal_validity_days').notNull(),
  itemTaxes: jsonb('item_taxes').notNull(),
  /** CGST rule 46(p): the firm's supplies carry tax payable on reverse charge (decision 396). */
  reverseCharge: boolean('reverse_charge').notNull().default(false),
  /** Tax invoices' totals rounded to the rupee, with a round-off line (decision 408). */
  roundOff: boolean('round_off').notNull().default(false),
  /** Paise: above this an invoice prints no UPI QR for the whole amount (decision 397). */
  upiLimit: bigint('upi_limit', { mode: 'number' }).notNull().default(10_000_000),
  /** CGST rule 46(q): the private storage key of the signature image its documents print (decision 402); null: "digitally signed". */
  signatureKey: text('signature_key'),
  /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('firm_billing_profiles_updated_by_idx').on(t.updatedBy)]);

/**
 * The last number given to each kind of document, per issuer and Indian financial year
 * (docs/decisions/255): a row locked by the issuing transaction, so numbers are gapless (a
 * rolled-back issue gives its number back) and unique under any number of issues at once. The
 * issuer is a firm account's id, or `platform` for the platform's own subscription invoices
 * (not a foreign key for that reason; a firm's rows go with `deleteFirmData`-style cleanups).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    issuerId: text('issuer_id').notNull(),
    /** invoice, credit-note, receipt, purchase-order. */
    kind: text('kind').notNull(),
    /** The calendar year the financial year starts in: 2026 for 2026-27. */
    startYear: integer('start_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.kind, t.startYear] })],
);

/**
 * The idempotency keys of money writes (decision 399): a form's hidden key, claimed inside the
 * write's own transaction, naming the document the write made. The same key again gives that
 * document back instead of a second one; a rolled-back write gives its key back with it.
 */
export const moneyWriteKeys = pgTable(
  'money_write_keys',
  {
    issuerId: text('issuer_id').notNull(),
    key: text('key').notNull(),
    /** invoice-create, invoice-issue, payment, credit-note, purchase-order. */
    operation: text('operation').notNull(),
    /** The document made ('' until the write has made it, inside the same transaction). */
    documentId: text('document_id').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.key] }), index('money_write_keys_created_idx').on(t.createdAt)],
);
