import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';
import { contacts } from './contacts-chat';
import { invoicePayments, invoices } from './invoices';
import { files } from './workspace';

// The client portal (docs/decisions/390–392): one personal, revocable address per Address Book
// contact that lists what the firm shares with them; proofs of the contact's address; what they
// opened; the payments they say they made.

/**
 * A contact's portal (`/portal/{token}`). Like client links, the token's SHA-256 finds it and the
 * token itself is kept only sealed with the link key, so the firm can give the address again. At
 * most one open portal per contact; revoking ends it at once, with every link it shared.
 */
export const clientPortals = pgTable(
  'client_portals',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_portals_token_hash_idx').on(t.tokenHash),
    uniqueIndex('client_portals_open_contact_idx').on(t.contactId).where(sql`${t.revokedAt} is null`),
    index('client_portals_firm_idx').on(t.firmId, t.createdAt),
    index('client_portals_contact_idx').on(t.contactId),
    index('client_portals_created_by_idx').on(t.createdBy),
    index('client_portals_revoked_by_idx').on(t.revokedBy),
  ],
);

/**
 * A proof that this browser's visitor read a code mailed to the contact (docs/decisions/391): a
 * random token kept hashed, valid for a while, asked for before anything that commits.
 */
export const portalProofs = pgTable(
  'portal_proofs',
  {
    id: id(),
    portalId: text('portal_id')
      .notNull()
      .references(() => clientPortals.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('portal_proofs_token_hash_idx').on(t.tokenHash), index('portal_proofs_portal_idx').on(t.portalId, t.expiresAt)],
);

/** When the client first and last opened something shared in the portal (`kind` 'portal', 'invoice', 'schedule'). */
export const portalViews = pgTable(
  'portal_views',
  {
    portalId: text('portal_id')
      .notNull()
      .references(() => clientPortals.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    targetId: text('target_id').notNull(),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.portalId, t.kind, t.targetId] })],
);

/**
 * "I have paid": what the client says they paid against an invoice, with its UPI (UTR) or bank
 * reference (docs/decisions/392). Nothing is recorded until the firm confirms it: confirming
 * records the payment (and its receipt); declining keeps the note with the firm's reason.
 */
export const paymentNotes = pgTable(
  'payment_notes',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    portalId: text('portal_id').references(() => clientPortals.id, { onDelete: 'set null' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** 'upi' | 'bank_transfer'. */
    method: text('method').notNull(),
    reference: text('reference').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** 'pending' | 'confirmed' | 'declined'. */
    status: text('status').notNull().default('pending'),
    paymentId: text('payment_id').references(() => invoicePayments.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_notes_firm_idx').on(t.firmId, t.status, t.createdAt),
    index('payment_notes_invoice_idx').on(t.invoiceId, t.createdAt),
    index('payment_notes_portal_idx').on(t.portalId),
    index('payment_notes_payment_idx').on(t.paymentId),
    index('payment_notes_decided_by_idx').on(t.decidedBy),
    uniqueIndex('payment_notes_reference_idx').on(t.invoiceId, t.reference),
  ],
);

/** A project file the firm chose to share in a contact's portal (docs/decisions/422): the client lists and downloads only these. */
export const portalFiles = pgTable(
  'portal_files',
  {
    portalId: text('portal_id')
      .notNull()
      .references(() => clientPortals.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sharedBy: text('shared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.portalId, t.fileId] }), index('portal_files_file_idx').on(t.fileId), index('portal_files_shared_by_idx').on(t.sharedBy)],
);
