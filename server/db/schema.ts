import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** 24-hex ids: the shape the spec's breadcrumb expects of an id segment. */
const id = () => text('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_user_idx').on(t.userId, t.isPrivate, t.createdAt),
    index('projects_public_idx').on(t.isPrivate, t.createdAt),
    index('projects_type_idx').on(t.projectType),
    index('projects_name_lower_idx').on(sql`lower(${t.projectName})`),
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
