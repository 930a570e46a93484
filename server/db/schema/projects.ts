import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';

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
    /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
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
    index('projects_updated_by_idx').on(t.updatedBy),
    index('projects_name_lower_idx').on(sql`lower(${t.projectName})`),
    // Performance (docs/decisions/136, 192): the explore gallery's order over the projects
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
