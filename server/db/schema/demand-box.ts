import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';
import { projects } from './projects';

// Demand box: enquiries and their threads (DESIGN.md section 9, issue 13; docs/decisions/120) --------

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
     * Probable spam (issue 27 item 4, docs/decisions/240): an enquiry that came after the firm's
     * hourly volume was used up. Kept, listed under the demand box's Spam filter, never mailed.
     */
    isSpam: boolean('is_spam').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // The demand box's list: one firm's inbox, archive or spam, unread first, newest first.
    index('leads_firm_list_idx').on(t.firmId, t.isSpam, t.isArchived, t.isRead, t.createdAt, t.id),
    index('leads_project_idx').on(t.projectId),
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
