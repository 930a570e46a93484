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

// Workspace (DESIGN.md sections 8 and 9) -----------------------------------------------------
// A workspace project is a `projects` row with isPrivate = true; its `userId` is the firm account.

/** A schedule: one document of a workspace project (title, description, ordered images). */
export const schedules = pgTable(
  'schedules',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Who created it (the firm, a sub-admin or a member employee); kept when that account goes. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /**
     * Its images, in display order: each a private storage folder `schedules/<projectId>/<imageId>`
     * holding the image's WebP variants (`w480.webp`, `w960.webp`, `w1600.webp`; see
     * services/schedule-images.ts, whose `scheduleImageKeys` lists the files to delete).
     */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedules_project_idx').on(t.projectId, t.createdAt), index('schedules_user_idx').on(t.userId), index('schedules_updated_by_idx').on(t.updatedBy)],
);

export const folders = pgTable(
  'folders',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    folderName: text('folder_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('folders_project_idx').on(t.projectId, t.createdAt), index('folders_user_idx').on(t.userId)],
);

/** A file of a project folder; the bytes are in private storage under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    folderId: text('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name shown (the uploaded file's name, cleaned). */
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The type found from the content (magic bytes), not the one the browser claimed. */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_folder_idx').on(t.folderId, t.createdAt),
    index('files_project_idx').on(t.projectId),
    index('files_user_idx').on(t.userId),
    uniqueIndex('files_storage_key_idx').on(t.storageKey),
  ],
);

/**
 * The people of a workspace project. A member whose email is an employee of the firm gives that
 * employee access to the project (DESIGN.md section 9): `requireProjectAccess` reads this table.
 */
export const members = pgTable(
  'members',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('members_project_email_idx').on(t.projectId, sql`lower(${t.email})`),
    // The projects an employee may work on: looked up by its email.
    index('members_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Files stored before the record that uses them exists (docs/decisions/078): a project image
 * uploaded before its project is saved, a registration document before the registration is sent,
 * (later) a workspace file before its file row. The record that uses an upload deletes its row in
 * its own transaction ("claims" it); rows never claimed are removed with their files after a day.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    /** 24-hex; the upload's reference carries it. */
    id: id(),
    /** The uploader: only they may claim it. Kept null when the account goes, so the clean-up still finds the files. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** What it is for: 'project-image', 'registration-document', … (each claim checks its kind). */
    kind: text('kind').notNull(),
    /** 'public' or 'private' storage area. */
    area: text('area').notNull(),
    /** Every storage key the upload wrote (an image's variants), all removed together. */
    keys: jsonb('keys').$type<string[]>().notNull(),
    /** The client's (cleaned) file name, the type by content and the size, when the kind needs them. */
    fileName: text('file_name'),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    /** Kind-specific facts (an image's width and height). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('pending_uploads_created_at_idx').on(t.createdAt), index('pending_uploads_owner_idx').on(t.ownerId, t.kind)],
);
