import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PublicProject, ProjectImage, FirmSummary } from '../contract/projects.js';
import { FIRM_ROLES, isFirmRole, projectTypeLabel, VERIFY } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { projectImages, projects, users } from '../db/schema.js';
import { forbidden } from '../errors.js';
import { requireSession, type UserRow } from './sessions.js';

export type ProjectRow = typeof projects.$inferSelect;
export type ImageRow = typeof projectImages.$inferSelect;

/** Who may appear on the public side: approved firms (DESIGN.md section 2). */
export const listedFirm = (): SQL => and(eq(users.isVerify, VERIFY.approved), inArray(users.role, [...FIRM_ROLES]))!;

/** Portfolio projects of listed firms. */
export const visibleProject = (): SQL => and(eq(projects.isPrivate, false), listedFirm())!;

export function isListedFirm(user: Pick<UserRow, 'isVerify' | 'role'>) {
  return user.isVerify === VERIFY.approved && isFirmRole(user.role);
}

/** The signed-in firm, 401 without a valid token, 403 for an account that is not a firm. */
export async function requireFirm(db: Database, request: FastifyRequest) {
  const session = await requireSession(db, request);
  if (!isFirmRole(session.user.role)) throw forbidden('Only firm accounts can do this');
  return session;
}

type Session = Awaited<ReturnType<typeof requireSession>>;
const firmSessions = new WeakMap<FastifyRequest, Session>();

/**
 * An onRequest hook for firm-only routes: authentication and role come before the body is
 * validated, so a caller without a token gets 401 (and an explorer 403) whatever it sent.
 */
export const firmOnly = (db: Database) => async (request: FastifyRequest) => {
  firmSessions.set(request, await requireFirm(db, request));
};

/** The session firmOnly checked for this request. */
export function firmSession(request: FastifyRequest): Session {
  const session = firmSessions.get(request);
  if (!session) throw new Error('firmOnly hook missing on this route');
  return session;
}

/** The signed-in user when a token is sent (401 if it is not valid), otherwise null. */
export async function optionalSession(db: Database, request: FastifyRequest) {
  return request.headers.authorization !== undefined ? requireSession(db, request) : null;
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
