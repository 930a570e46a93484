import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PublicProject, ProjectImage, FirmSummary } from '../contract/projects.js';
import { FIRM_ROLES, isFirmRole, projectTypeLabel, VERIFY } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { projectImages, projects, users } from '../db/schema.js';
import type { UserRow } from './sessions.js';

export type ProjectRow = typeof projects.$inferSelect;
export type ImageRow = typeof projectImages.$inferSelect;

/** Who may appear on the public side: approved firms (DESIGN.md section 2). */
export const listedFirm = (): SQL => and(eq(users.isVerify, VERIFY.approved), inArray(users.role, [...FIRM_ROLES]))!;

/** Portfolio projects of listed firms. */
export const visibleProject = (): SQL => and(eq(projects.isPrivate, false), listedFirm())!;

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
