import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';
import { projects } from './projects';

// Address Book, Group Chat, Setting (docs/decisions/115 to 119) ------------

/** A firm's contact (client, supplier, consultant): read by the firm's people, managed by the firm and its sub-admins. */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** 'client' | 'supplier' | 'consultant' | 'other' (server/contract/address-book-rules.ts). */
    kind: text('kind').notNull(),
    notes: text('notes').notNull().default(''),
    /**
     * docs/decisions/257: May be invoiced (a client) and/or sent purchase orders
     * (a supplier), whatever its kind; a contact of kind client is always a client, of kind
     * supplier always a supplier. State (place of supply) and GSTIN for the tax documents.
     */
    isClient: boolean('is_client').notNull().default(false),
    isSupplier: boolean('is_supplier').notNull().default(false),
    /** The billing address printed on invoices ("Bill to"). */
    address: text('address').notNull().default(''),
    /** An Indian state's name as the places data spells it; null for a contact abroad or unknown. */
    state: text('state'),
    gstin: text('gstin'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's order and keyset (lower(name), id) within a firm; a search filters this firm's rows only.
    index('contacts_firm_name_idx').on(t.firmId, sql`lower(${t.name})`, t.id),
    index('contacts_firm_kind_idx').on(t.firmId, t.kind),
    // The pickers of an invoice's client and a purchase order's supplier.
    index('contacts_firm_client_idx').on(t.firmId).where(sql`${t.isClient}`),
    index('contacts_firm_supplier_idx').on(t.firmId).where(sql`${t.isSupplier}`),
    index('contacts_created_by_idx').on(t.createdBy),
    index('contacts_updated_by_idx').on(t.updatedBy),
  ],
);

/**
 * A message of a project's Group Chat. `seq` is a global, growing number: the order of the thread,
 * the keyset of its pages and the server-sent event id a reconnecting browser sends back
 * (Last-Event-ID). Messages of one project are written one at a time (an advisory lock), so their
 * seq grows in commit order and "everything after seq N" never skips a late commit.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the author's account goes. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull().default(''),
    createdAt: createdAt(),
    /** When the author last edited the text (docs/decisions/171); null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * The seq drawn (from the same sequence as `seq`) by the last edit, null if never edited: the
     * live stream's cursor is `coalesce(edit_seq, seq)`, so an edit reaches open streams as an event
     * after everything before it.
     */
    editSeq: bigint('edit_seq', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('chat_messages_seq_idx').on(t.seq),
    index('chat_messages_project_seq_idx').on(t.projectId, t.seq),
    index('chat_messages_project_edit_seq_idx').on(t.projectId, t.editSeq),
    index('chat_messages_author_idx').on(t.authorId),
  ],
);

/** A file sent with a chat message: private bytes under `storageKey`, served through the access layer. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: id(),
    messageId: text('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_attachments_message_idx').on(t.messageId),
    index('chat_attachments_project_idx').on(t.projectId),
    uniqueIndex('chat_attachments_storage_key_idx').on(t.storageKey),
  ],
);

/**
 * Which mails a person wants (Setting). No row means every choice on. Mail senders read these
 * flags before sending (docs/decisions/118): `tasks` for task changes, `chat` for Group Chat
 * messages, `leads` for Demand box enquiries.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tasks: boolean('tasks').notNull().default(true),
  chat: boolean('chat').notNull().default(true),
  leads: boolean('leads').notNull().default(true),
  /** A client approved or rejected a section through a link (docs/decisions/295). */
  clientDecisions: boolean('client_decisions').notNull().default(true),
  /** A client approved or rejected an item or a section (docs/decisions/412); made from `clientDecisions` by its migration. */
  clientApprovals: boolean('client_approvals').notNull().default(true),
  /** A client said they paid an invoice through their portal (docs/decisions/412). */
  paymentNotes: boolean('payment_notes').notNull().default(true),
  /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How far each person has read a project's Group Chat (docs/decisions/172): the highest message
 * seq shown to them. Unread = messages of others with a greater seq.
 */
export const chatReads = pgTable(
  'chat_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] }), index('chat_reads_project_idx').on(t.projectId)],
);
