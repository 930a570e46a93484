import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FirmMembership } from '../auth/firm.js';
import { PROJECT_NOT_FOUND, visibleWorkspaceProjects, type ProjectNeed } from '../auth/project-access.js';
import { notFound } from '../errors.js';
import { writeAtVersion } from './versions.js';
import { projectTypeLabel } from '../contract/vocabulary.js';
import type { ProjectPhoto, WorkspaceProject, WorkspaceProjectForm } from '../contract/workspace-projects.js';
import type { Database } from '../db/connection.js';
import { chatAttachments, files, folders, members, projects, schedules } from '../db/schema/index.js';
import { likePattern } from './sql.js';
import type { UserRow } from './users.js';
import { scheduleImageKeys } from '../services/schedule-images.js';
import { photoVersion } from '../services/workspace-photos.js';

/** Data access of workspace projects (`projects` rows with isPrivate = true) and their JSON. */

export type WorkspaceProjectRow = typeof projects.$inferSelect;

/** The authorized api paths of a project's photo variants (the web streams them with the session). */
export function photoPaths(projectId: string, photoKey: string | null): ProjectPhoto | null {
  if (!photoKey) return null;
  const path = (size: string) => `/api/projects/${projectId}/photo?size=${size}&v=${photoVersion(photoKey)}`;
  return { w480: path('480'), w960: path('960'), w1600: path('1600') };
}

export function toWorkspaceProjectJson(row: WorkspaceProjectRow, access: ProjectNeed): WorkspaceProject {
  return {
    id: row.id,
    projectName: row.projectName,
    projectType: row.projectType,
    projectTypeLabel: projectTypeLabel(row.projectType),
    area: row.area,
    country: row.country,
    state: row.state,
    city: row.city,
    designTeam: row.designTeam,
    clientName: row.clientName,
    clientDetails: row.clientDetails,
    address: row.address,
    photo: photoPaths(row.id, row.photoKey),
    access,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Which projects a list shows: those the caller may see (DESIGN.md section 9), and with a search
 * those whose name or client name holds it (case-insensitive; `%` and `_` mean themselves).
 * Undefined when nothing can match: PostgreSQL text cannot hold a NUL.
 */
function listFilter(user: Pick<UserRow, 'email'>, firm: FirmMembership, search: string | undefined): SQL | undefined {
  const visible = visibleWorkspaceProjects(user, firm);
  if (!search) return visible;
  if (search.includes('\u0000')) return undefined;
  const pattern = likePattern(search);
  return and(visible, or(ilike(projects.projectName, pattern), ilike(projects.clientName, pattern)));
}

/** Newest first, the id breaking ties: a stable order for pages (projects_workspace_latest_idx). */
const NEWEST_FIRST = [desc(projects.createdAt), desc(projects.id)];

/** The projects the caller may see (DESIGN.md section 9), newest first, all of them: the pickers' list. */
export async function listWorkspaceProjects(db: Database, user: Pick<UserRow, 'email'>, firm: FirmMembership, search?: string) {
  const where = listFilter(user, firm, search);
  if (!where) return [];
  return db
    .select()
    .from(projects)
    .where(where)
    .orderBy(...NEWEST_FIRST);
}

/** One page of the projects the caller may see (docs/decisions/203) and how many there are in all. */
export async function workspaceProjectsPage(
  db: Database,
  user: Pick<UserRow, 'email'>,
  firm: FirmMembership,
  query: { page: number; limit: number; search?: string },
): Promise<{ rows: WorkspaceProjectRow[]; count: number }> {
  const where = listFilter(user, firm, query.search);
  if (!where) return { rows: [], count: 0 };
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(projects)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** The columns of a validated project form (the spec's field names → ours). */
export function projectColumns(form: WorkspaceProjectForm) {
  return {
    projectName: form.projectName,
    projectType: form.projecttype,
    area: form.pincode,
    country: form.country,
    state: form.state,
    city: form.city,
    designTeam: form.designTeam,
    clientName: form.clientname,
    clientDetails: form.clientdetails,
    address: form.address,
  };
}

export async function insertWorkspaceProject(db: Database, values: { id: string; firmId: string; photoKey: string; form: WorkspaceProjectForm }) {
  const [row] = await db
    .insert(projects)
    .values({ id: values.id, userId: values.firmId, isPrivate: true, photoKey: values.photoKey, ...projectColumns(values.form) })
    .returning();
  return row!;
}

/** Updates the fields, and the photo when a new one was stored (`photoKey`); undefined when the project is gone. */
/** Changes a workspace project from the version it was read at (docs/decisions/320): 409 when changed meanwhile, 404 when gone. */
export async function updateWorkspaceProject(db: Database, id: string, actorId: string, form: WorkspaceProjectForm, version: number, photoKey?: string): Promise<WorkspaceProjectRow> {
  return writeAtVersion(db, projects, {
    key: and(eq(projects.id, id), eq(projects.isPrivate, true))!,
    version,
    actorId,
    set: { ...projectColumns(form), ...(photoKey ? { photoKey } : {}) },
    toJson: (row) => toWorkspaceProjectJson(row, 'manage'),
    missing: () => notFound(PROJECT_NOT_FOUND),
  });
}

/** What a deleted project leaves in private storage, to delete once the transaction has committed. */
export type StoredLeftovers = { photoKeys: string[]; fileKeys: string[]; scheduleImageKeys: string[] };

/**
 * Deletes a workspace project and everything in it (files, folders, schedules, members; the
 * foreign keys would cascade, the explicit deletes collect the storage keys of what goes). Run it
 * in a transaction; delete the answered keys from storage after the commit, so a rolled-back
 * delete never loses bytes.
 */
export async function deleteWorkspaceProject(tx: Database, projectId: string): Promise<StoredLeftovers> {
  const fileRows = await tx.delete(files).where(eq(files.projectId, projectId)).returning({ key: files.storageKey });
  // Group Chat's files (docs/decisions/117); the messages go by the foreign key's cascade.
  const chatFileRows = await tx.delete(chatAttachments).where(eq(chatAttachments.projectId, projectId)).returning({ key: chatAttachments.storageKey });
  await tx.delete(folders).where(eq(folders.projectId, projectId));
  const scheduleRows = await tx.delete(schedules).where(eq(schedules.projectId, projectId)).returning({ images: schedules.images });
  await tx.delete(members).where(eq(members.projectId, projectId));
  const [project] = await tx
    .delete(projects)
    .where(and(eq(projects.id, projectId), eq(projects.isPrivate, true)))
    .returning({ photoKey: projects.photoKey });
  return {
    photoKeys: project?.photoKey ? [project.photoKey] : [],
    fileKeys: [...fileRows, ...chatFileRows].map((r) => r.key),
    // Each listed image is a folder of WebP variants (docs/decisions/088).
    scheduleImageKeys: scheduleImageKeys(scheduleRows.flatMap((r) => r.images)),
  };
}

