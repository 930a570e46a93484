import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Session } from '../auth/session.js';
import { ErrorReply, IdParams, isId } from '../contract/http.js';
import {
  ExploreDetailReply,
  ExploreQuery,
  ExploreReply,
  ProjectDetailReply,
  PublicPortfolioReply,
  SearchQuery,
  SearchReply,
} from '../contract/projects.js';
import type { Database } from '../db/connection.js';
import { notFound } from '../errors.js';
import { findPublicProjectWithOwner, isListedFirm, listPublicProjects, projectsJson } from '../queries/public-projects.js';
import { explorePage, findFirmAccount, searchShowcase } from '../queries/showcase.js';
import { loadUserExtras, toUserJson, userJson } from '../queries/users.js';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const NOT_FOUND = 'Project not found';

/** Whether `owner`'s public side may be shown to `session`: a listed firm to all, an unlisted one to itself. */
const showsTo = (owner: Parameters<typeof isListedFirm>[0] & { id: string }, session: Session | null) =>
  isListedFirm(owner) || owner.id === session?.user.id;

/** A public project and its owner as `{ projectData, userData }`. */
async function projectDetail(db: Database, session: Session | null, id: string) {
  const row = isId(id) ? await findPublicProjectWithOwner(db, id) : undefined;
  if (!row || !showsTo(row.owner, session)) throw notFound(NOT_FOUND);
  const [[projectData], userData] = await Promise.all([projectsJson(db, [row.project]), userJson(db, row.owner)]);
  return { projectData: projectData!, userData };
}

/** The public showcase: project pages, explore, search and firm portfolios (scope `visitor`). */
export const showcaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/projects/public-project/:id',
    { schema: { tags: ['projects'], params: IdParams, response: { 200: ProjectDetailReply, ...errors } } },
    async (request) => projectDetail(db, request.optionalSession, request.params.id),
  );

  app.get(
    '/projects/explore',
    { schema: { tags: ['projects'], querystring: ExploreQuery, response: { 200: ExploreReply, ...errors } } },
    async (request) => explorePage(db, request.query),
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
      return { data: text ? await searchShowcase(db, text) : { projects: [], firmList: [] } };
    },
  );

  app.get(
    '/projects/public-portfolio/:id',
    { schema: { tags: ['projects'], params: IdParams, response: { 200: PublicPortfolioReply, ...errors } } },
    async (request) => {
      const { id } = request.params;
      const owner = isId(id) ? await findFirmAccount(db, id) : undefined;
      if (!owner || !showsTo(owner, request.optionalSession)) throw notFound('Firm not found');
      const rows = await listPublicProjects(db, owner.id);
      const [list, extras] = await Promise.all([projectsJson(db, rows), loadUserExtras(db, [owner.id])]);
      return { data: { projects: list, userData: toUserJson(owner, extras.get(owner.id)!) } };
    },
  );
};
