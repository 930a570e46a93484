import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';
import { projects } from './projects';
import { schedules } from './workspace';
import { clientPortals } from './portal';

// Summary output: client approval links, client decisions, Project Library ---
// docs/decisions/106 and 108. The sections a decision names are the summary editor's.

/**
 * A link a firm gives its client to read a schedule's summary and approve or reject its sections
 * without an account (`/share/{token}`). The token's SHA-256 finds the link; the token itself is
 * kept only sealed with the api's link key (docs/decisions/296), so the Client Board can give an
 * open link again.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: id(),
    /** The firm account: the owner of the schedule. */
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The token sealed with the link key (AES-256-GCM, server/services/link-seal.ts); null for links made before decision 296. */
    tokenSealed: text('token_sealed'),
    /** Who it was made for ("Mrs Rao"), as the firm typed it; shown on the Client Board. */
    clientName: text('client_name').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who revoked it (by hand, or whose action ended its creator's access: docs/decisions/241). */
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why, when it was not revoked by hand ("Priya Shah was deactivated"); shown on the Client Board. */
    revokeReason: text('revoke_reason'),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    /** The client portal it was shared through (docs/decisions/390): its decisions ask the portal's proof, and it ends with the portal. */
    portalId: text('portal_id').references(() => clientPortals.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_idx').on(t.tokenHash),
    index('share_links_portal_idx').on(t.portalId),
    index('share_links_firm_idx').on(t.firmId, t.createdAt),
    index('share_links_project_idx').on(t.projectId),
    index('share_links_schedule_idx').on(t.scheduleId, t.createdAt),
    index('share_links_created_by_idx').on(t.createdBy),
    index('share_links_revoked_by_idx').on(t.revokedBy),
  ],
);

/** A client's approval or rejection of one section or one item through a link, with its comment: every one is kept (the history), the latest counts. */
export const clientDecisions = pgTable(
  'client_decisions',
  {
    id: id(),
    shareLinkId: text('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** The summary section decided on; kept as text so a decision outlives a section deleted later. */
    sectionId: text('section_id').notNull(),
    /** The section's name when decided (the Client Board shows it after the section is gone). */
    sectionName: text('section_name').notNull().default(''),
    /** The item decided on, or null for a decision on the whole section (docs/decisions/412); text like `sectionId`. */
    itemId: text('item_id'),
    /** The item's title when decided. */
    itemName: text('item_name').notNull().default(''),
    /** 'approved' or 'rejected'. */
    decision: text('decision').notNull(),
    comment: text('comment').notNull().default(''),
    /** When someone of the firm read it on the Client Board (docs/decisions/295): null = unread, counted in the sidebar. */
    readAt: timestamp('read_at', { withTimezone: true }),
    readBy: text('read_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_decisions_unread_idx').on(t.firmId, t.projectId).where(sql`${t.readAt} is null`),
    index('client_decisions_read_by_idx').on(t.readBy),
    index('client_decisions_link_idx').on(t.shareLinkId, t.createdAt),
    index('client_decisions_firm_idx').on(t.firmId, t.createdAt),
    index('client_decisions_schedule_idx').on(t.scheduleId, t.sectionId, t.createdAt),
    index('client_decisions_log_idx').on(t.projectId, t.createdAt),
  ],
);

/**
 * The Project Library: a firm's saved products (title, description, images, retail and trade
 * prices in paise), typed once and added to the sections of any schedule.
 */
export const libraryProducts = pgTable(
  'library_products',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Private storage folders of its images (`library/<firmId>/<imageId>`, WebP variants inside), in order. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    retailPrice: bigint('retail_price', { mode: 'number' }).notNull().default(0),
    tradePrice: bigint('trade_price', { mode: 'number' }).notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_products_firm_idx').on(t.firmId, t.createdAt),
    index('library_products_title_lower_idx').on(t.firmId, sql`lower(${t.title})`),
    index('library_products_created_by_idx').on(t.createdBy),
    index('library_products_updated_by_idx').on(t.updatedBy),
  ],
);
