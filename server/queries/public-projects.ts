import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FirmSummary, ProjectImage, PublicProject, PublicProjectBody } from '../contract/projects.js';
import { isFirmRole, projectTypeLabel, VERIFY } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { projectImages, projects, users } from '../db/schema/index.js';
import type { UserRow } from './users.js';
import { claimUploads } from './pending-uploads.js';
import { writeAtVersion } from './versions.js';
import { notFound } from '../errors.js';
import { isVisibleProject, shownProject } from './visibility.js';

/**
 * Public (portfolio) projects and their images: who is listed on the public side, the project
 * JSON of DESIGN.md section 4, and the reads and writes of the portfolio endpoints.
 */

export type ProjectRow = typeof projects.$inferSelect;
export type ImageRow = typeof projectImages.$inferSelect;

// Who and what the public side shows lives in one module (moderation included): visibility.ts.
export { listedFirm, visibleProject } from './visibility.js';

/**
 * Approved firm role, from the row alone: NOT moderation-aware. Public reads use the SQL conditions
 * of visibility.ts (`isVisibleProject`, `isListedFirmColumn`) instead.
 */
export function isListedFirm(user: Pick<UserRow, 'isVerify' | 'role'>) {
  return user.isVerify === VERIFY.approved && isFirmRole(user.role);
}

export function toImageJson(row: Pick<ImageRow, 'id' | 'variants' | 'width' | 'height'>): ProjectImage {
  return { id: row.id, url: row.variants.w960, ...row.variants, width: row.width, height: row.height };
}

export function toProjectJson(row: ProjectRow, images: ProjectImage[]): PublicProject {
  return {
    id: row.id,
    userId: row.userId,
    isPrivate: false,
    projectName: row.projectName,
    projectType: row.projectType,
    projectTypeLabel: projectTypeLabel(row.projectType),
    projectLocation: row.projectLocation,
    area: row.area,
    year: row.year,
    country: row.country,
    state: row.state,
    city: row.city,
    description: row.description,
    architecture: row.architecture,
    teams: row.teams,
    projectImages: images.map((i) => i.url),
    images,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The images of many projects in one query, in gallery order. */
export async function loadImages(db: Database, projectIds: string[]): Promise<Map<string, ProjectImage[]>> {
  const result = new Map<string, ProjectImage[]>(projectIds.map((id) => [id, []]));
  if (projectIds.length === 0) return result;
  const rows = await db
    .select({ id: projectImages.id, projectId: projectImages.projectId, variants: projectImages.variants, width: projectImages.width, height: projectImages.height })
    .from(projectImages)
    .where(inArray(projectImages.projectId, projectIds))
    .orderBy(asc(projectImages.projectId), asc(projectImages.position));
  for (const row of rows) result.get(row.projectId)?.push(toImageJson(row));
  return result;
}

/** Project JSON for many rows: one query for all their images. */
export async function projectsJson(db: Database, rows: ProjectRow[]): Promise<PublicProject[]> {
  const images = await loadImages(db, rows.map((r) => r.id));
  return rows.map((r) => toProjectJson(r, images.get(r.id) ?? []));
}

export const firmSummaryColumns = {
  id: users.id,
  userName: users.userName,
  firmName: users.firmName,
  firmType: users.firmType,
  profileImage: users.profileImage,
  city: users.city,
  state: users.state,
  country: users.country,
} as const;

export type { FirmSummary };

/** The stored fields of a public project body (its image list is written apart). */
export const publicProjectValues = (body: PublicProjectBody): PublicProjectValues => ({
  projectName: body.projectName,
  projectType: body.projectType,
  projectLocation: body.projectLocation,
  area: body.area,
  year: body.year,
  country: body.country,
  state: body.state,
  city: body.city,
  description: body.description,
  architecture: body.architecture.map((r) => ({ name: r.name, style: r.style })),
  teams: body.teams.map((r) => ({ name: r.name, role: r.role })),
});

// Queries ----------------------------------------------------------------------------------------

/** An image of a project being saved: an uploaded one not yet in a project (`pending`, decision 078) or one it keeps. */
export type NewImage = Pick<ImageRow, 'id' | 'storageKey' | 'variants' | 'width' | 'height'> & { pending: boolean };

/** An upload listed by a save was claimed meanwhile by another save, or removed by the clean-up. */
export class ImageTakenError extends Error {}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Inserts a project's image rows in gallery order, claiming the pending uploads among them. */
async function insertImages(tx: Tx, ownerId: string, projectId: string, images: NewImage[]) {
  const pendingIds = images.filter((i) => i.pending).map((i) => i.id);
  const claimed = await claimUploads(tx, ownerId, 'project-image', pendingIds);
  if (claimed.length !== pendingIds.length) throw new ImageTakenError();
  await tx.insert(projectImages).values(images.map(({ pending: _pending, ...image }, position) => ({ ...image, projectId, position })));
}
export type PublicProjectValues = Pick<
  ProjectRow,
  'projectName' | 'projectType' | 'projectLocation' | 'area' | 'year' | 'country' | 'state' | 'city' | 'description' | 'architecture' | 'teams'
>;

/** A firm's own public project, or undefined (another firm's, a workspace project, an unknown id). */
export async function findOwnPublicProject(db: Database, ownerId: string, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.userId, ownerId), eq(projects.isPrivate, false)))
    .limit(1);
  return row;
}

/**
 * A public project with its owner, whoever the owner is, and whether the public may see it
 * (`visible`: visibility.ts); the caller decides who else may (the owner).
 */
export async function findPublicProjectWithOwner(db: Database, id: string) {
  const [row] = await db
    .select({ project: projects, owner: users, visible: isVisibleProject() })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(and(eq(projects.id, id), eq(projects.isPrivate, false)))
    .limit(1);
  return row;
}

/** A firm's public projects, the latest first: all of them for the firm itself, `shownOnly` those the public sees. */
export function listPublicProjects(db: Database, ownerId: string, { shownOnly = false } = {}): Promise<ProjectRow[]> {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.userId, ownerId), shownOnly ? shownProject() : eq(projects.isPrivate, false)))
    .orderBy(desc(projects.createdAt), desc(projects.id));
}

/** Stored project images by id, with the project each belongs to. */
export async function findImagesByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: projectImages.id,
      projectId: projectImages.projectId,
      storageKey: projectImages.storageKey,
      variants: projectImages.variants,
      width: projectImages.width,
      height: projectImages.height,
    })
    .from(projectImages)
    .where(inArray(projectImages.id, ids));
}

export async function isImageInAProject(db: Database, imageId: string): Promise<boolean> {
  const [used] = await db.select({ id: projectImages.id }).from(projectImages).where(eq(projectImages.id, imageId)).limit(1);
  return used !== undefined;
}

/** Creates a public project with its images in gallery order, in one transaction. */
export function insertPublicProject(db: Database, ownerId: string, values: PublicProjectValues, images: NewImage[]): Promise<ProjectRow> {
  const id = newId();
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(projects).values({ id, userId: ownerId, isPrivate: false, ...values }).returning();
    await insertImages(tx, ownerId, id, images);
    return created!;
  });
}

/**
 * Replaces a public project's fields and image list in one transaction; answers the updated row
 * and the storage keys of the images no longer listed (to delete after the commit).
 */
/** Changes a public project from the version it was read at (docs/decisions/320): the row first, so a stale save (409) touches no image. */
export function updatePublicProject(db: Database, ownerId: string, id: string, values: PublicProjectValues, images: NewImage[], version: number) {
  const keep = new Set(images.map((i) => i.id));
  return db.transaction(async (tx) => {
    const updated = await writeAtVersion(tx, projects, {
      key: and(eq(projects.id, id), eq(projects.isPrivate, false))!,
      version,
      actorId: ownerId,
      set: values,
      toJson: async (row) => (await projectsJson(tx, [row]))[0]!,
      missing: () => notFound('Project not found'),
    });
    const before = await tx
      .delete(projectImages)
      .where(eq(projectImages.projectId, id))
      .returning({ id: projectImages.id, storageKey: projectImages.storageKey });
    await insertImages(tx, ownerId, id, images);
    return { row: updated, removedKeys: before.filter((b) => !keep.has(b.id)).map((b) => b.storageKey) };
  });
}

/** Deletes a public project and its image rows; answers the storage keys to delete after the commit. */
export function deletePublicProject(db: Database, id: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const images = await tx.delete(projectImages).where(eq(projectImages.projectId, id)).returning({ storageKey: projectImages.storageKey });
    await tx.delete(projects).where(eq(projects.id, id));
    return images.map((i) => i.storageKey);
  });
}

export type { ImageVariants } from '../db/schema/index.js';
