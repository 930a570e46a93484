import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';
import { schedules } from './workspace';

// Summary editor (DESIGN.md sections 8 and 9; docs/decisions/100–104) ----------------
// A schedule's summary: rooms → sections (status, position) → items (type, position, texts,
// financial figures in integer paise), item images and a section's extra specification cards.
// Every row carries `scheduleId` and `firmId` (the firm account), so a lookup by id finds the
// schedule whose access it needs in one query, and a firm's rows can be listed without joins.
// Order is an integer `position` per parent, renumbered 0..n-1 by server/queries/positions.ts.

const summaryScope = () => ({
  scheduleId: text('schedule_id')
    .notNull()
    .references(() => schedules.id, { onDelete: 'cascade' }),
  firmId: text('firm_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

export const summaryRooms = pgTable(
  'summary_rooms',
  {
    id: id(),
    ...summaryScope(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('summary_rooms_schedule_idx').on(t.scheduleId, t.position), index('summary_rooms_firm_idx').on(t.firmId), index('summary_rooms_updated_by_idx').on(t.updatedBy)],
);

export const summarySections = pgTable(
  'summary_sections',
  {
    id: id(),
    ...summaryScope(),
    roomId: text('room_id')
      .notNull()
      .references(() => summaryRooms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 'none' | 'approved' | 'in_review' | 'rejected' (server/contract/summary-rules.ts). */
    status: text('status').notNull().default('none'),
    position: integer('position').notNull(),
    /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('summary_sections_room_idx').on(t.roomId, t.position),
    index('summary_sections_schedule_idx').on(t.scheduleId),
    index('summary_sections_firm_idx').on(t.firmId),
    index('summary_sections_updated_by_idx').on(t.updatedBy),
  ],
);

export const summaryItems = pgTable(
  'summary_items',
  {
    id: id(),
    ...summaryScope(),
    sectionId: text('section_id')
      .notNull()
      .references(() => summarySections.id, { onDelete: 'cascade' }),
    /** 'product' | 'description' | 'title' | 'financial'. */
    type: text('type').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The second title/description pair of a `title` item (two-column specification). */
    title1: text('title1').notNull().default(''),
    description1: text('description1').notNull().default(''),
    /** Per unit, integer paise. */
    retailPrice: bigint('retail_price', { mode: 'number' }).notNull().default(0),
    tradePrice: bigint('trade_price', { mode: 'number' }).notNull().default(0),
    /**
     * The release before kept whole units here; it stays, nullable and filled by a trigger from
     * `quantity_milli` (to the nearest whole unit), until the release after this one drops it
     * (expand, then contract: decision 403, as 407 did for invoice lines).
     */
    legacyQuantity: integer('quantity'),
    /** Thousandths of `unit` (12.5 m is 12500), exact (decision 403). */
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull().default(1000),
    /** A code of GST's UQC list (NOS, MTR, SQM…), carried onto invoice lines made from the item. */
    unit: text('unit').notNull().default('NOS'),
    /** Discount in basis points (hundredths of a percent): 1250 = 12.5 %. */
    discountBp: integer('discount_bp').notNull().default(0),
    /** Raised by every change of its texts or figures: a save naming an older version answers 409 (decision 102). */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('summary_items_section_idx').on(t.sectionId, t.position),
    index('summary_items_schedule_idx').on(t.scheduleId),
    index('summary_items_firm_idx').on(t.firmId),
    index('summary_items_updated_by_idx').on(t.updatedBy),
  ],
);

/** An item's images, ordered: each a private storage folder as schedule images are (services/schedule-images.ts). */
export const summaryItemImages = pgTable(
  'summary_item_images',
  {
    id: id(),
    ...summaryScope(),
    itemId: text('item_id')
      .notNull()
      .references(() => summaryItems.id, { onDelete: 'cascade' }),
    /** `schedules/<projectId>/<imageId>`; the image id is the reply's `id`. */
    folder: text('folder').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('summary_item_images_item_idx').on(t.itemId, t.position),
    index('summary_item_images_schedule_idx').on(t.scheduleId),
    index('summary_item_images_firm_idx').on(t.firmId),
    uniqueIndex('summary_item_images_folder_idx').on(t.folder),
  ],
);

/** A section's extra specification cards (at most 4: the spec's "Maximum limit reached"). */
export const summaryCards = pgTable(
  'summary_cards',
  {
    id: id(),
    ...summaryScope(),
    sectionId: text('section_id')
      .notNull()
      .references(() => summarySections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('summary_cards_section_idx').on(t.sectionId, t.position),
    index('summary_cards_schedule_idx').on(t.scheduleId),
    index('summary_cards_firm_idx').on(t.firmId),
  ],
);
