import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/v4';
import type { Session } from '../../../auth/session.js';
import { isId } from '../../../contract/http.js';
import { formatCursor } from '../../../contract/keyset-cursor.js';
import { ExploreCardReply, ExploreDetailReply, ExploreReply, ProjectDetailReply } from '../../../contract/projects.js';
import { showcaseOperations as ops } from '../../../contract/showcase-operations.js';
import type { Database } from '../../../db/connection.js';
import { notFound } from '../../../errors.js';
import { findPublicProjectWithOwner, listPublicProjects, projectsJson } from '../../../queries/public-projects.js';
import { explorePage, findFirmAccount, searchShowcase } from '../../../queries/showcase.js';
import { sendCachedJson } from '../../../services/public-cache.js';
import { loadUserExtras, toUserJson, userJson } from '../../../queries/users.js';
import { routeOf } from '../../declared.js';

const NOT_FOUND = 'Project not found';

/**
 * Whether something of `ownerId`'s public side may be shown to `session`: what the public sees
 * (`visible`, from the one visibility condition of server/queries/visibility.ts) to all, the rest
 * (unapproved, hidden by moderation) to the firm itself only.
 */
const showsTo = (visible: boolean, ownerId: string, session: Session | null) => visible || ownerId === session?.user.id;

/** A public project and its owner as `{ projectData, userData }`. */
async function projectDetail(db: Database, session: Session | null, id: string) {
  const row = isId(id) ? await findPublicProjectWithOwner(db, id) : undefined;
  if (!row || !showsTo(row.visible, row.owner.id, session)) throw notFound(NOT_FOUND);
  const [[projectData], userData] = await Promise.all([projectsJson(db, [row.project]), userJson(db, row.owner)]);
  return { projectData: projectData!, userData };
}

/** Thrown inside a cached load: the project is not one the public sees, so nothing is kept. */
class NotForEveryone extends Error {}

/**
 * The JSON of a project page (`shape` wraps the detail as the route answers it). A project the
 * public sees is the same for every viewer: it comes from the public cache (docs/decisions/133,
 * 179). Any other (unapproved firm, hidden by moderation, unknown) is read for this viewer alone.
 */
function projectDetailJson<S extends z.ZodType>(
  { db, publicCache }: Pick<FastifyInstance['ctx'], 'db' | 'publicCache'>,
  session: Session | null,
  id: string,
  [name, schema, shape]: [string, S, (detail: Awaited<ReturnType<typeof projectDetail>>) => z.input<S>],
): Promise<string> {
  if (!isId(id)) return Promise.reject(notFound(NOT_FOUND));
  const shared = publicCache.json(`${name}:${id}`, schema, async () => {
    const row = await findPublicProjectWithOwner(db, id);
    if (!row?.visible) throw new NotForEveryone();
    const [[projectData], userData] = await Promise.all([projectsJson(db, [row.project]), userJson(db, row.owner)]);
    return shape({ projectData: projectData!, userData });
  });
  return shared.catch(async (error: unknown) => {
    if (!(error instanceof NotForEveryone)) throw error;
    return JSON.stringify(schema.parse(shape(await projectDetail(db, session, id))));
  });
}

/** The public showcase: project pages, explore, search and firm portfolios (scope `visitor`). */
export const showcaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, publicCache } = app.ctx;

  app.route({
    ...routeOf(ops.publicProject),
    handler: async (request, reply) =>
      sendCachedJson(reply, projectDetailJson(app.ctx, request.optionalSession, request.params.id, ['project', ProjectDetailReply, (detail) => detail])),
  });

  app.route({
    ...routeOf(ops.explore),
    handler: async (request, reply) => {
      const { page, limit, view, after } = request.query;
      // Both views come from the same statement; the card view is the same page with less of each project.
      const where = { page, limit, after };
      const key = `explore:${view}:${limit}:${after ? `after:${formatCursor(after)}` : page}`;
      if (view === 'full') return sendCachedJson(reply, publicCache.json(key, ExploreReply, () => explorePage(db, where)));
      const cards = async () => {
        const full = await explorePage(db, where);
        return { ...full, projects: full.projects.map((p) => ({ ...p, images: p.images.slice(0, 1) })) };
      };
      return sendCachedJson(reply, publicCache.json(key, ExploreCardReply, cards));
    },
  });

  app.route({
    ...routeOf(ops.exploreProject),
    handler: async (request, reply) =>
      sendCachedJson(reply, projectDetailJson(app.ctx, request.optionalSession, request.params.id, ['explore-project', ExploreDetailReply, (data) => ({ data })])),
  });

  app.route({
    ...routeOf(ops.search),
    handler: async (request) => {
      const text = request.query.search.replaceAll('\u0000', '').trim();
      return { data: text ? await searchShowcase(db, text) : { projects: [], firmList: [] } };
    },
  });

  app.route({
    ...routeOf(ops.publicPortfolio),
    handler: async (request) => {
      const { id } = request.params;
      const found = isId(id) ? await findFirmAccount(db, id) : undefined;
      if (!found || !showsTo(found.listed, found.firm.id, request.optionalSession)) throw notFound('Firm not found');
      const owner = found.firm;
      const rows = await listPublicProjects(db, owner.id, { shownOnly: owner.id !== request.optionalSession?.user.id });
      const [list, extras] = await Promise.all([projectsJson(db, rows), loadUserExtras(db, [owner.id])]);
      return { data: { projects: list, userData: toUserJson(owner, extras.get(owner.id)!) } };
    },
  });
};
