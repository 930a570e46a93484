import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Session } from '../auth/session.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../body-limits.js';
import {
  DeletedReply,
  ExploreDetailReply,
  ExploreQuery,
  ExploreReply,
  IMAGE_TYPE_MESSAGE,
  PortfolioReply,
  PROJECT_IMAGE_MAX_BYTES,
  PROJECT_IMAGES_PER_REQUEST,
  ProjectDetailReply,
  ProjectReply,
  PublicPortfolioReply,
  PublicProjectBody,
  SEARCH_LIMIT,
  SearchQuery,
  SearchReply,
  UploadImagesReply,
} from '../contract/projects.js';
import { ErrorReply, IdParams, isId } from '../contract/http.js';
import { FIRM_ROLES } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { projectImages, projects, users } from '../db/schema.js';
import { badRequest, HttpError, isUniqueViolation, notFound } from '../errors.js';
import { likePattern, prefixPattern } from '../queries/sql.js';
import { withReceivedFiles } from '../files/receive-files.js';
import { IMAGE_TYPES } from '../services/file-types.js';
import { deleteImageFiles, findPendingImages, InvalidImageError, PENDING_IMAGE_ID, uploadProjectImage } from '../services/images.js';
import { claimUploads, discardUploads } from '../services/pending-uploads.js';
import { placeErrors } from '../contract/places.js';
import {
  firmSummaryColumns,
  isListedFirm,
  listedFirm,
  projectsJson,
  visibleProject,
  type ProjectRow,
} from '../services/public-projects.js';
import { loadUserExtras, toUserJson, userJson } from '../services/user-json.js';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const NOT_FOUND = 'Project not found';

type ImagePlan = { id: string; storageKey: string; variants: { w480: string; w960: string; w1600: string }; width: number; height: number; pending: boolean };

/**
 * The images a body lists, in its order: pending uploads of `ownerId` (decision 078) and, on
 * update, images already in `projectId`. Answers 400 with the index of each unknown id.
 */
async function resolveImages(db: Database, ownerId: string, ids: string[], projectId?: string): Promise<ImagePlan[]> {
  const existingIds = ids.filter(isId);
  const pendingHex = ids.map((id) => PENDING_IMAGE_ID.exec(id)?.[1]).filter((x): x is string => !!x);
  const lookupIds = [...existingIds, ...pendingHex];
  const rows = lookupIds.length
    ? await db
        .select({ id: projectImages.id, projectId: projectImages.projectId, storageKey: projectImages.storageKey, variants: projectImages.variants, width: projectImages.width, height: projectImages.height })
        .from(projectImages)
        .where(inArray(projectImages.id, lookupIds))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pendingImages = await findPendingImages(db, ownerId, ids.filter((id) => PENDING_IMAGE_ID.test(id)));
  const details: Array<{ path: string; message: string }> = [];
  const plans = ids.map((id, index): ImagePlan | null => {
    const existing = byId.get(PENDING_IMAGE_ID.exec(id)?.[1] ?? id);
    if (existing) {
      // Already in a project: fine on this project's update, refused anywhere else.
      const { projectId: _projectId, ...image } = existing;
      if (projectId && existing.projectId === projectId) return { ...image, pending: false };
      details.push({ path: `imageIds.${index}`, message: 'This image belongs to another project; upload it again' });
      return null;
    }
    const pending = pendingImages.get(id);
    if (!pending) {
      details.push({ path: `imageIds.${index}`, message: 'Image not found; upload it again' });
      return null;
    }
    return { id: pending.imageId, storageKey: pending.storageKey, variants: pending.variants, width: pending.width, height: pending.height, pending: true };
  });
  if (details.length) throw badRequest(details[0]!.message, details);
  const resolved = plans as ImagePlan[];
  if (new Set(resolved.map((p) => p.id)).size !== resolved.length) {
    throw badRequest('The same image is listed twice', [{ path: 'imageIds', message: 'The same image is listed twice' }]);
  }
  return resolved;
}

const IMAGE_TAKEN = 'An image of this list was just saved in another project; upload it again';
const imageTakenError = () => new HttpError(409, IMAGE_TAKEN, [{ path: 'imageIds', message: IMAGE_TAKEN }]);

/** Two simultaneous saves listing the same new upload: the second finds its image row taken. */
function imageTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw imageTakenError();
  throw error;
}

/**
 * Inserts a project's image rows in `tx`, claiming the pending uploads among them (decision 078):
 * an upload claimed meanwhile by another save, or removed by the clean-up, answers 409.
 */
async function insertImages(tx: Parameters<Parameters<Database['transaction']>[0]>[0], ownerId: string, projectId: string, images: ImagePlan[]) {
  const pendingIds = images.filter((i) => i.pending).map((i) => i.id);
  const claimed = await claimUploads(tx, ownerId, 'project-image', pendingIds);
  if (claimed.length !== pendingIds.length) throw imageTakenError();
  await tx.insert(projectImages).values(images.map(({ pending: _pending, ...image }, position) => ({ ...image, projectId, position })));
}

function checkPlaces(body: { country: string; state: string; city: string }) {
  const details = placeErrors(body);
  if (details.length) throw badRequest(details[0]!.message, details);
}

const projectValues = (body: PublicProjectBody) => ({
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

/** The signed-in firm's portfolio: its images and public projects (scope `firm`). */
/** A public project and its owner as `{ projectData, userData }`: listed firms for all, the owner always. */
async function projectDetail(db: Database, session: Session | null, id: string) {
  if (!isId(id)) throw notFound(NOT_FOUND);
  const [row] = await db
    .select({ project: projects, owner: users })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(and(eq(projects.id, id), eq(projects.isPrivate, false)))
    .limit(1);
  if (!row || (!isListedFirm(row.owner) && row.owner.id !== session?.user.id)) throw notFound(NOT_FOUND);
  const [[projectData], userData] = await Promise.all([projectsJson(db, [row.project]), userJson(db, row.owner)]);
  return { projectData: projectData!, userData };
}

export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  /** The signed-in firm's own public project, or 404 (another firm's id, a workspace project, an unknown id). */
  async function ownProject(ownerId: string, id: string): Promise<ProjectRow> {
    if (!isId(id)) throw notFound(NOT_FOUND);
    const [row] = await db
      .select()
      .from(projects)
      .where(and(eq(projects.id, id), eq(projects.userId, ownerId), eq(projects.isPrivate, false)))
      .limit(1);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  // Images -------------------------------------------------------------------------------------

  app.post(
    '/projects/images',
    {
      schema: {
        tags: ['projects'],
        summary: `Upload 1 to ${PROJECT_IMAGES_PER_REQUEST} project images (multipart, field "files"; JPEG, PNG or GIF, 15 MB each)`,
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: UploadImagesReply, ...errors, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const { user } = request.session;
      const stored = await withReceivedFiles(
        request,
        {
          accountId: user.id,
          fileFields: ['files'],
          accept: IMAGE_TYPES.project,
          maxFiles: PROJECT_IMAGES_PER_REQUEST,
          maxBytes: PROJECT_IMAGE_MAX_BYTES,
          messages: {
            type: IMAGE_TYPE_MESSAGE,
            tooLarge: `Each image must be at most ${PROJECT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
            count: `Upload at most ${PROJECT_IMAGES_PER_REQUEST} images at a time.`,
          },
        },
        async ({ files }) => {
          if (files.length === 0) throw badRequest('Choose at least one image', [{ path: 'files', message: 'Choose at least one image' }]);
          // Every file was checked by type while it arrived; one that fails now (undecodable, or
          // storage down) undoes the request's earlier images: a request stores all or nothing.
          const done: Array<Awaited<ReturnType<typeof uploadProjectImage>>> = [];
          for (const file of files) {
            try {
              // One at a time: sharp already uses several threads per image, and memory stays bounded.
              done.push(await uploadProjectImage(db, storage, user.id, file.path));
            } catch (error) {
              await discardUploads(db, storage, done.map((d) => d.upload));
              if (error instanceof InvalidImageError) {
                throw new HttpError(415, IMAGE_TYPE_MESSAGE, [{ path: `files.${file.index}`, message: `${file.fileName}: ${IMAGE_TYPE_MESSAGE}` }]);
              }
              if (error instanceof HttpError) throw error;
              request.log.error({ err: error }, 'project image upload failed');
              throw new HttpError(500, `${file.fileName} could not be stored; nothing of this upload was kept. Please try again.`);
            }
          }
          return done;
        },
      );
      const images = stored.map(({ storageKey: _key, upload: _upload, ...image }) => image);
      return reply.status(201).send({ images, urls: images.map((i) => i.url) });
    },
  );

  app.delete(
    '/projects/images/:id',
    { schema: { tags: ['projects'], summary: 'Discard an upload not yet in a project', security: [{ bearer: [] }], params: IdParams, response: { 200: DeletedReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const pending = (await findPendingImages(db, user.id, [request.params.id])).get(request.params.id);
      if (!pending) {
        const hex = PENDING_IMAGE_ID.exec(request.params.id)?.[1];
        const [used] = hex ? await db.select({ id: projectImages.id }).from(projectImages).where(eq(projectImages.id, hex)).limit(1) : [];
        if (used) throw new HttpError(409, 'This image is in a project; remove it from the project instead');
        throw notFound('Image not found');
      }
      await discardUploads(db, storage, [pending.upload]);
      return { message: 'Image deleted' };
    },
  );

  // Own portfolio ------------------------------------------------------------------------------

  app.get(
    '/projects/portfolio',
    { schema: { tags: ['projects'], security: [{ bearer: [] }], response: { 200: PortfolioReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const rows = await db
        .select()
        .from(projects)
        .where(and(eq(projects.userId, user.id), eq(projects.isPrivate, false)))
        .orderBy(desc(projects.createdAt), desc(projects.id));
      const [list, userData] = await Promise.all([projectsJson(db, rows), userJson(db, user)]);
      return { userData, projects: list };
    },
  );

  app.post(
    '/projects/public-project',
    { bodyLimit: BODY_LIMITS.project, schema: { tags: ['projects'], security: [{ bearer: [] }], body: PublicProjectBody, response: { 201: ProjectReply, ...errors } } },
    async (request, reply) => {
      const { user } = request.session;
      const body = request.body;
      checkPlaces(body);
      const images = await resolveImages(db, user.id, body.imageIds);
      const id = newId();
      const row = await db
        .transaction(async (tx) => {
          const [created] = await tx.insert(projects).values({ id, userId: user.id, isPrivate: false, ...projectValues(body) }).returning();
          await insertImages(tx, user.id, id, images);
          return created!;
        })
        .catch(imageTaken);
      const [data] = await projectsJson(db, [row]);
      return reply.status(201).send({ data: data! });
    },
  );

  app.put(
    '/projects/public-project/:id',
    { bodyLimit: BODY_LIMITS.project, schema: { tags: ['projects'], security: [{ bearer: [] }], params: IdParams, body: PublicProjectBody, response: { 200: ProjectReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const current = await ownProject(user.id, request.params.id);
      const body = request.body;
      checkPlaces(body);
      const images = await resolveImages(db, user.id, body.imageIds, current.id);
      const keep = new Set(images.map((i) => i.id));
      const { row, removed } = await db.transaction(async (tx) => {
        const before = await tx
          .delete(projectImages)
          .where(eq(projectImages.projectId, current.id))
          .returning({ id: projectImages.id, storageKey: projectImages.storageKey });
        await insertImages(tx, user.id, current.id, images);
        const [updated] = await tx
          .update(projects)
          .set({ ...projectValues(body), updatedAt: new Date() })
          .where(eq(projects.id, current.id))
          .returning();
        return { row: updated!, removed: before.filter((b) => !keep.has(b.id)) };
      }).catch(imageTaken);
      await deleteImageFiles(storage, removed.map((r) => r.storageKey));
      const [data] = await projectsJson(db, [row]);
      return { data: data! };
    },
  );

  app.delete(
    '/projects/public-project/:id',
    { schema: { tags: ['projects'], security: [{ bearer: [] }], params: IdParams, response: { 200: DeletedReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const current = await ownProject(user.id, request.params.id);
      const removed = await db.transaction(async (tx) => {
        const images = await tx.delete(projectImages).where(eq(projectImages.projectId, current.id)).returning({ storageKey: projectImages.storageKey });
        await tx.delete(projects).where(eq(projects.id, current.id));
        return images;
      });
      await deleteImageFiles(storage, removed.map((r) => r.storageKey));
      return { message: 'Project deleted' };
    },
  );

};

/** The public showcase: project pages, explore, search and firm portfolios (scope `visitor`). */
export const showcaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/projects/public-project/:id',
    { schema: { tags: ['projects'], params: IdParams, response: { 200: ProjectDetailReply, ...errors } } },
    async (request) => projectDetail(db, request.optionalSession, request.params.id),
  );

  // Public side --------------------------------------------------------------------------------

  app.get(
    '/projects/explore',
    { schema: { tags: ['projects'], querystring: ExploreQuery, response: { 200: ExploreReply, ...errors } } },
    async (request) => {
      const { page, limit } = request.query;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(projects).innerJoin(users, eq(users.id, projects.userId)).where(visibleProject()),
        db
          .select({ project: projects, owner: firmSummaryColumns })
          .from(projects)
          .innerJoin(users, eq(users.id, projects.userId))
          .where(visibleProject())
          .orderBy(desc(projects.createdAt), desc(projects.id))
          .limit(limit)
          .offset((page - 1) * limit),
      ]);
      const list = await projectsJson(db, rows.map((r) => r.project));
      return { projects: list.map((p, i) => ({ ...p, owner: rows[i]!.owner })), count: Number(total?.n ?? 0) };
    },
  );

  app.get(
    '/projects/explore/:id',
    { schema: { tags: ['projects'], params: IdParams, response: { 200: ExploreDetailReply, ...errors } } },
    async (request) => ({ data: await projectDetail(db, request.optionalSession, request.params.id) }),
  );

  app.get(
    '/projects/search',
    { schema: { tags: ['projects'], querystring: SearchQuery, response: { 200: SearchReply, ...errors } } },
    async (request) => {
      const text = request.query.search.replaceAll('\u0000', '').trim();
      if (!text) return { data: { projects: [], firmList: [] } };
      const pattern = likePattern(text);
      const prefix = prefixPattern(text);
      const [projectRows, firmRows] = await Promise.all([
        db
          .select({ id: projects.id, projectName: projects.projectName })
          .from(projects)
          .innerJoin(users, eq(users.id, projects.userId))
          .where(and(visibleProject(), ilike(projects.projectName, pattern)))
          .orderBy(sql`lower(${projects.projectName}) like ${prefix} desc`, asc(sql`lower(${projects.projectName})`), asc(projects.id))
          .limit(SEARCH_LIMIT),
        db
          .select({ id: users.id, userName: users.userName, firmName: users.firmName })
          .from(users)
          .where(and(listedFirm(), or(ilike(users.firmName, pattern), ilike(users.userName, pattern))))
          .orderBy(
            sql`lower(coalesce(${users.firmName}, ${users.userName})) like ${prefix} desc`,
            asc(sql`lower(coalesce(${users.firmName}, ${users.userName}))`),
            asc(users.id),
          )
          .limit(SEARCH_LIMIT),
      ]);
      return { data: { projects: projectRows, firmList: firmRows } };
    },
  );

  app.get(
    '/projects/public-portfolio/:id',
    { schema: { tags: ['projects'], params: IdParams, response: { 200: PublicPortfolioReply, ...errors } } },
    async (request) => {
      const session = request.optionalSession;
      const { id } = request.params;
      const [owner] = isId(id)
        ? await db.select().from(users).where(and(eq(users.id, id), inArray(users.role, [...FIRM_ROLES]))).limit(1)
        : [];
      if (!owner || (!isListedFirm(owner) && owner.id !== session?.user.id)) throw notFound('Firm not found');
      const rows = await db
        .select()
        .from(projects)
        .where(and(eq(projects.userId, owner.id), eq(projects.isPrivate, false)))
        .orderBy(desc(projects.createdAt), desc(projects.id));
      const [list, extras] = await Promise.all([projectsJson(db, rows), loadUserExtras(db, [owner.id])]);
      return { data: { projects: list, userData: toUserJson(owner, extras.get(owner.id)!) } };
    },
  );
};

