import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';
import { contacts } from './contacts-chat';
import { invoices } from './invoices';
import { projects } from './projects';
import { shareLinks } from './client-board';

// Reviews from a firm's clients (docs/decisions/409–411) --------------------------------------

/**
 * The link a firm gives the client of a paid invoice to review it (`/review/{token}`): the client
 * has no account, the token is the key. One per invoice: asking again replaces the token. Only the
 * token's SHA-256 is kept; the firm is shown the link once.
 */
export const reviewInvitations = pgTable(
  'review_invitations',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_invitations_token_hash_idx').on(t.tokenHash),
    uniqueIndex('review_invitations_invoice_idx').on(t.invoiceId),
    index('review_invitations_firm_idx').on(t.firmId),
    index('review_invitations_created_by_idx').on(t.createdBy),
  ],
);

/**
 * A client's review of a firm for one project: a rating from 1 to 5 and a text, once per
 * (firm, project, client). `reviewerKey` names the client: `contact:<id>` for the Address Book
 * contact of a paid invoice, `link:<id>` for the approval link of a schedule (whose client is a
 * name the firm typed, not a contact). The project's name is kept as it was, so a review outlives
 * a project deleted later (and a firm cannot delete a project to drop its reviews). The firm may
 * answer once; the super-admin may hide it with a reason the firm and the client see.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    projectName: text('project_name').notNull(),
    reviewerKey: text('reviewer_key').notNull(),
    /** Who the firm knows the client as (the contact's or the link's name): shown to the firm and the super-admin only. */
    reviewerName: text('reviewer_name').notNull().default(''),
    invoiceId: text('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    shareLinkId: text('share_link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // Once per project and client: a second review answers 409.
    uniqueIndex('reviews_once_idx').on(t.firmId, t.projectId, t.reviewerKey),
    // A firm's page and its workspace list, newest first (the page shows visible ones only).
    index('reviews_firm_visible_idx').on(t.firmId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.hiddenAt} is null`),
    index('reviews_firm_idx').on(t.firmId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The super-admin's list, newest first.
    index('reviews_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_project_idx').on(t.projectId),
    index('reviews_invoice_idx').on(t.invoiceId),
    index('reviews_contact_idx').on(t.contactId),
    index('reviews_share_link_idx').on(t.shareLinkId),
    index('reviews_answered_by_idx').on(t.answeredBy),
    index('reviews_hidden_by_idx').on(t.hiddenBy),
  ],
);
