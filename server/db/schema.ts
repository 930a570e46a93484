import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** 24-hex ids: the shape the spec's breadcrumb expects of an id segment. */
const id = () => text('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A firm's names as the header search matches them (firm name, then contact name), one expression
 * for its trigram index and the query (server/queries/showcase.ts) alike. The newline between them
 * keeps a searched text from matching across the two.
 */
export const searchableFirmName = (t: { firmName: AnyPgColumn; userName: AnyPgColumn }) => sql`(coalesce(${t.firmName}, '') || E'\\n' || ${t.userName})`;

export const users = pgTable(
  'users',
  {
    id: id(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('explorer'),
    loginType: text('login_type').notNull().default('normal'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isVerify: integer('is_verify').notNull().default(0),
    verifyNote: text('verify_note'),
    firmName: text('firm_name'),
    firmType: text('firm_type'),
    businessEmail: text('business_email'),
    contactNo: text('contact_no'),
    website: text('website'),
    address: text('address'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    userDetails: text('user_details'),
    profileImage: text('profile_image'),
    /** Storage key of the private firm registration document. */
    documentKey: text('document_key'),
    documentName: text('document_name'),
    firmId: text('firm_id'),
    designation: text('designation'),
    isSubAdmin: boolean('is_sub_admin').notNull().default(false),
    /**
     * Issue 28 item 1 (docs/decisions/258): a plain employee the firm lets see and edit margins
     * (trade price, net profit, markup). The firm and its sub-admins always may; off by default.
     */
    canSeeFinancials: boolean('can_see_financials').notNull().default(false),
    /**
     * Team (issue 12): set when the firm deactivates an employee. Its sessions are deleted then and
     * no new one opens; the account and everything it did stay (reactivating clears it).
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * Issue 27 item 2 (docs/decisions/236): set when a firm creates an employee account, cleared
     * when its person confirms the address through the welcome mail's link. While set, the account
     * cannot sign in, does not block the address's owner from signing up, and lapses after 7 days.
     */
    unconfirmedSince: timestamp('unconfirmed_since', { withTimezone: true }),
    /** The hash of the welcome mail's one-time link (null once used, released or lapsed). */
    confirmationTokenHash: text('confirmation_token_hash'),
    /**
     * How many of its projects are shown (`shownProject()` in server/queries/visibility.ts: not
     * private, not hidden), kept by triggers of migration 0014 (docs/decisions/183) so the explore
     * gallery's total sums firms instead of counting projects. Never written by the api.
     */
    shownProjectCount: integer('shown_project_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An employee belongs to its firm's account; deleting the firm deletes its employees.
    foreignKey({ name: 'users_firm_id_fk', columns: [t.firmId], foreignColumns: [t.id] }).onDelete('cascade'),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_directory_idx').on(t.isVerify, t.role, t.country, t.state, t.city),
    index('users_firm_id_idx').on(t.firmId),
    index('users_created_at_idx').on(t.createdAt),
    uniqueIndex('users_confirmation_token_idx').on(t.confirmationTokenHash),
    // The housekeeping's pass over lapsed accounts reads only the unconfirmed ones.
    index('users_unconfirmed_idx').on(t.unconfirmedSince).where(sql`${t.unconfirmedSince} is not null`),
    // Performance (issue 14, docs/decisions/136, 184): the header search's ILIKE '%…%' on a listed
    // firm's names (pg_trgm, one expression so the planner weighs one index, not an OR of two), and
    // the directory's case-insensitive place filters.
    index('users_search_name_trgm_idx')
      .using('gin', sql`${searchableFirmName(t)} gin_trgm_ops`)
      .where(sql`${t.isVerify} = 2`)
      .with({ fastupdate: false }),
    index('users_directory_place_idx').on(t.isVerify, t.role, sql`lower(${t.country})`, sql`lower(${t.state})`, sql`lower(${t.city})`),
    // The directory in its order (docs/decisions/175), approved accounts only (2 = VERIFY.approved):
    // the whole directory, and a city chosen with its country and state, read from a keyset cursor.
    index('users_directory_name_idx')
      .on(sql`lower(coalesce(${t.firmName}, ${t.userName}))`, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isVerify} = 2`),
    index('users_directory_city_name_idx')
      .on(sql`lower(${t.country})`, sql`lower(${t.state})`, sql`lower(${t.city})`, sql`lower(coalesce(${t.firmName}, ${t.userName}))`, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isVerify} = 2`),
    // A city chosen with its country and no state (a country without states, decision 157).
    index('users_directory_country_city_name_idx')
      .on(sql`lower(${t.country})`, sql`lower(${t.city})`, sql`lower(coalesce(${t.firmName}, ${t.userName}))`, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isVerify} = 2`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** 'user' for the product, 'admin' for the super-admin area: an admin token is refused elsewhere and vice versa. */
    kind: text('kind').notNull().default('user'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The address a login-email change moves to (purpose 'email-change'); the code was mailed there. */
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userId, t.purpose)],
);

export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_identities_user_idx').on(t.userId)],
);

/** Profile teams of a firm (the profile edit modal's repeatable rows). */
export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    profileImage: text('profile_image'),
  },
  (t) => [index('team_members_user_idx').on(t.userId, t.position)],
);

export type NameStyle = { name: string; style: string };
export type NameRole = { name: string; role: string };

/** One table for both sides: isPrivate false = portfolio project, true = workspace project. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPrivate: boolean('is_private').notNull().default(false),
    projectName: text('project_name').notNull(),
    projectType: text('project_type').notNull(),
    projectLocation: text('project_location'),
    area: integer('area'),
    year: integer('year'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    description: text('description'),
    architecture: jsonb('architecture').$type<NameStyle[]>().notNull().default([]),
    teams: jsonb('teams').$type<NameRole[]>().notNull().default([]),
    clientName: text('client_name'),
    clientDetails: text('client_details'),
    address: text('address'),
    designTeam: jsonb('design_team').$type<string[]>().notNull().default([]),
    /**
     * A workspace project's one photo: the private storage prefix of its WebP variants
     * (`<key>/w480.webp`…), served only through GET /api/projects/{id}/photo. Null on portfolio projects.
     */
    photoKey: text('photo_key'),
    /**
     * Whether the public sees it (`visibleProject()` in server/queries/visibility.ts: shown, its firm
     * listed), kept by the triggers of migration 0018 (docs/decisions/192) so the explore gallery's
     * page N is a walk of one partial index. Never written by the api; the gallery still filters with
     * `visibleProject()`, so a wrong flag could only drop a card, never show a hidden one.
     */
    listed: boolean('listed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_user_idx').on(t.userId, t.isPrivate, t.createdAt),
    // A firm's public projects, the latest first (the directory's cards, a portfolio): read for as
    // many as are shown, whatever the firm has (decision 187).
    index('projects_firm_latest_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isPrivate} = false`),
    // A firm's workspace projects in the paged list's order (docs/decisions/203): page N reads the
    // firm's private rows only, already sorted, however many portfolio projects it has.
    index('projects_workspace_latest_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isPrivate} = true`),
    index('projects_public_idx').on(t.isPrivate, t.createdAt),
    index('projects_type_idx').on(t.projectType),
    index('projects_name_lower_idx').on(sql`lower(${t.projectName})`),
    // Performance (issue 14, docs/decisions/136, 192): the explore gallery's order over the projects
    // the public sees only, and the header search's ILIKE '%…%' on project names (pg_trgm).
    index('projects_listed_latest_idx').on(t.createdAt, t.id).where(sql`${t.listed}`),
    index('projects_name_trgm_idx').using('gin', t.projectName.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export type ImageVariants = { w480: string; w960: string; w1600: string };

export const projectImages = pgTable(
  'project_images',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Storage key prefix; the files are the variants. */
    storageKey: text('storage_key').notNull(),
    variants: jsonb('variants').$type<ImageVariants>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('project_images_project_idx').on(t.projectId, t.position)],
);

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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedules_project_idx').on(t.projectId, t.createdAt), index('schedules_user_idx').on(t.userId)],
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

/** Who did what to whom, when: kept when the actor or the firm goes (their ids become null). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The firm whose data was acted on, when there is one (a firm's audit trail). */
    firmId: text('firm_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** What `targetId` names: 'user', 'project', 'schedule', 'folder', 'file', 'member'… */
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_firm_idx').on(t.firmId, t.createdAt),
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

/**
 * Rate-limit counters shared by every api replica on PostgreSQL (docs/decisions/004-rate-limits.md):
 * a fixed window per key. Keys are hashes of the action and the account and/or address they count.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** When the last attempt counted under this key was made. */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)],
);

// Team: tasks and the calendar feed (issue 12 items 2 and 3, docs/decisions/110-114) ----------

/**
 * A task of a workspace project (DESIGN.md section 9 "Tasks"): given by `creatorId` to one or more
 * employees of the firm (task_assignees), with files (task_files). Status: 'todo' → 'review'
 * (an assignee submits) → 'done' (the creator approves), or back to 'todo' with `rejectReason`.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    /** The firm account: every task belongs to one firm. */
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Who gave it; kept (null) when that account goes. */
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** A short title (issue 31, beyond the spec); null on older tasks, which show their description's first words. */
    title: text('title'),
    description: text('description').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status').notNull().default('todo'),
    /** The creator's reason for the last rejection, shown on the To Do card until it is submitted again. */
    rejectReason: text('reject_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_firm_idx').on(t.firmId, t.dueDate),
    index('tasks_project_idx').on(t.projectId),
    index('tasks_creator_idx').on(t.creatorId, t.status),
    index('tasks_status_idx').on(t.status),
  ],
);

export const taskAssignees = pgTable(
  'task_assignees',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('task_assignees_user_idx').on(t.userId)],
);

/** A task's files: private bytes under `storageKey`, read only through the task's access check. */
export const taskFiles = pgTable(
  'task_files',
  {
    id: id(),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('task_files_task_idx').on(t.taskId, t.createdAt), uniqueIndex('task_files_storage_key_idx').on(t.storageKey)],
);

/** One private iCal feed per account: only the token's hash is kept; renewing replaces it, revoking deletes the row. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
);

// Summary editor (issue 11, DESIGN.md sections 8 and 9; docs/decisions/100–104) ----------------
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
    createdAt: createdAt(),
  },
  (t) => [index('summary_rooms_schedule_idx').on(t.scheduleId, t.position), index('summary_rooms_firm_idx').on(t.firmId)],
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
    createdAt: createdAt(),
  },
  (t) => [
    index('summary_sections_room_idx').on(t.roomId, t.position),
    index('summary_sections_schedule_idx').on(t.scheduleId),
    index('summary_sections_firm_idx').on(t.firmId),
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
    quantity: integer('quantity').notNull().default(1),
    /** Discount in basis points (hundredths of a percent): 1250 = 12.5 %. */
    discountBp: integer('discount_bp').notNull().default(0),
    /** Raised by every change of its texts or figures: a save naming an older version answers 409 (decision 102). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('summary_items_section_idx').on(t.sectionId, t.position),
    index('summary_items_schedule_idx').on(t.scheduleId),
    index('summary_items_firm_idx').on(t.firmId),
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

// Summary output: client approval links, client decisions, Project Library (issue 11 items 7-8) ---
// docs/decisions/106 and 108. The sections a decision names are the summary editor's (issue 11 items 1-4).

/**
 * A link a firm gives its client to read a schedule's summary and approve or reject its sections
 * without an account (`/share/{token}`). Only the token's SHA-256 is stored; the token itself is
 * shown once, when the link is made.
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
    /** Who it was made for ("Mrs Rao"), as the firm typed it; shown on the Client Board. */
    clientName: text('client_name').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who revoked it (by hand, or whose action ended its creator's access: issue 27 item 5). */
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why, when it was not revoked by hand ("Priya Shah was deactivated"); shown on the Client Board. */
    revokeReason: text('revoke_reason'),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_idx').on(t.tokenHash),
    index('share_links_firm_idx').on(t.firmId, t.createdAt),
    index('share_links_project_idx').on(t.projectId),
    index('share_links_schedule_idx').on(t.scheduleId, t.createdAt),
    index('share_links_created_by_idx').on(t.createdBy),
    index('share_links_revoked_by_idx').on(t.revokedBy),
  ],
);

/** A client's approval or rejection of one section through a link, with its comment (the latest per section counts). */
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
    /** 'approved' or 'rejected'. */
    decision: text('decision').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_decisions_link_idx').on(t.shareLinkId, t.createdAt),
    index('client_decisions_firm_idx').on(t.firmId, t.createdAt),
    index('client_decisions_project_idx').on(t.projectId),
    index('client_decisions_schedule_idx').on(t.scheduleId, t.sectionId, t.createdAt),
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_products_firm_idx').on(t.firmId, t.createdAt),
    index('library_products_title_lower_idx').on(t.firmId, sql`lower(${t.title})`),
    index('library_products_created_by_idx').on(t.createdBy),
  ],
);

// Address Book, Group Chat, Setting (issue 12 items 4 to 6; docs/decisions/115 to 119) ------------

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
     * Issue 28 item 3 (docs/decisions/257): may be invoiced (a client) and/or sent purchase orders
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Pricing, moderation and platform administrators (issue 13, branch pricing-admin) ------------------

/**
 * A firm's plan (DESIGN.md section 9, "Calendar and pricing"): one row per firm, made when it first
 * starts its trial or asks to subscribe. The trial runs once per firm (`trialStartedAt` is set once);
 * `requestedAt` is the last "Continue"; `paidUntil` is set by the super-admin. Nothing is locked by it.
 */
export const firmSubscriptions = pgTable(
  'firm_subscriptions',
  {
    firmId: text('firm_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** Who asked (the firm or one of its sub-admins). */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    paidMarkedAt: timestamp('paid_marked_at', { withTimezone: true }),
    paidMarkedBy: text('paid_marked_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admin's Workspace list filters open requests and sorts by them.
    index('firm_subscriptions_requested_idx').on(t.requestedAt),
    index('firm_subscriptions_paid_until_idx').on(t.paidUntil),
    index('firm_subscriptions_requested_by_idx').on(t.requestedBy),
    index('firm_subscriptions_paid_marked_by_idx').on(t.paidMarkedBy),
  ],
);

/**
 * Showcase moderation: a public project the super-admin hid (with the reason). The public side's one
 * visibility condition (server/queries/visibility.ts) excludes every project listed here.
 */
export const hiddenProjects = pgTable(
  'hidden_projects',
  {
    projectId: text('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: createdAt(),
  },
  (t) => [index('hidden_projects_hidden_by_idx').on(t.hiddenBy)],
);

/** Showcase moderation: a firm whose whole public side (portfolio, directory card, search) is hidden. */
export const hiddenPortfolios = pgTable(
  'hidden_portfolios',
  {
    firmId: text('firm_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: createdAt(),
  },
  (t) => [index('hidden_portfolios_hidden_by_idx').on(t.hiddenBy)],
);

/**
 * The showcase's totals, one row: `visibleProjects` is the number of projects the public sees (the
 * count of `visibleProject()` in server/queries/visibility.ts, the explore gallery's total), kept by
 * the triggers of migration 0016 (docs/decisions/185) as the listed firms' `shownProjectCount` summed.
 * Never written by the api.
 */
export const showcaseTotals = pgTable(
  'showcase_totals',
  {
    id: smallint('id').primaryKey().default(1),
    visibleProjects: bigint('visible_projects', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('showcase_totals_one_row', sql`${t.id} = 1`)],
);

/**
 * Sub-admins: super-admin accounts made in the admin area by an owner (docs/decisions/127). A
 * super-admin without a row here is an owner (made by `npm run admin:create`) and may manage them.
 */
export const subAdmins = pgTable(
  'sub_admins',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('sub_admins_created_by_idx').on(t.createdBy)],
);

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

/**
 * Secrets the api makes itself and every replica shares (issue 27 item 4): one row per name, made
 * on first use (`insert … on conflict do nothing`, then read), e.g. the key that signs enquiry form
 * tokens. Never sent anywhere.
 */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// Money (issue 28, docs/decisions/255–258) -----------------------------------------------------

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
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('firm_billing_profiles_updated_by_idx').on(t.updatedBy)]);
