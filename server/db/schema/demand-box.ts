import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';
import { projects } from './projects';

// Demand box: enquiries and their threads (DESIGN.md section 9; docs/decisions/120) --------

/**
 * An enquiry a visitor sent from a firm's public portfolio or project page: a lead of the firm's
 * demand box. `firmId` is the firm account; read, handled and archived are the demand box's state.
 */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public project page it was sent from, if any. */
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    projectType: text('project_type').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    isHandled: boolean('is_handled').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    /**
     * No longer written (docs/decisions/340): the firm-wide volume that set it is gone; migration
     * 0030 moved its rows to `isHeld`. Kept for one release so replicas of the previous one can
     * still insert during a rolling upgrade; a later migration drops it.
     */
    isSpam: boolean('is_spam').notNull().default(false),
    /**
     * The signed-in account that sent it (null for a visitor without one, or once the account is
     * gone): its history decides whether the next enquiry of that account is trusted (decision 340).
     */
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Held (docs/decisions/340): one of a burst of enquiries from senders without an established
     * account. Kept out of the inbox and not mailed one by one, listed under Held until the firm
     * releases it.
     */
    isHeld: boolean('is_held').notNull().default(false),
    /**
     * Not mailed on its own (held, or past the hourly cap of notification mails): waits for the
     * firm's next digest mail, sent by the housekeeping pass (decision 340).
     */
    awaitingDigest: boolean('awaiting_digest').notNull().default(false),
    /** When the firm released it from Held (null: never held, or still held). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The demand box's list: one firm's inbox, archive or held ones, unread first, newest first.
    index('leads_firm_list_idx').on(t.firmId, t.isHeld, t.isArchived, t.isRead, t.createdAt, t.id),
    index('leads_project_idx').on(t.projectId),
    // A firm's typical time to answer (docs/decisions/411): its enquiries of the last 90 days.
    index('leads_firm_created_idx').on(t.firmId, t.createdAt),
    index('leads_sender_idx').on(t.senderId),
    // The digest pass reads only the enquiries waiting for it.
    index('leads_awaiting_digest_idx').on(t.firmId).where(sql`${t.awaitingDigest}`),
  ],
);

/** A mail the firm sent about a lead from the workspace (New Message): the lead's thread. */
export const leadMessages = pgTable(
  'lead_messages',
  {
    id: id(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    to: jsonb('to').$type<string[]>().notNull(),
    cc: jsonb('cc').$type<string[]>().notNull().default([]),
    bcc: jsonb('bcc').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_messages_lead_idx').on(t.leadId, t.createdAt), index('lead_messages_author_idx').on(t.authorId)],
);
