import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { requireProjectAccess, visibleWorkspaceProjects } from '../../auth/project-access.js';
import { requireScheduleAccess } from '../../auth/schedule-access.js';
import type { Session } from '../../auth/session.js';
import { isId } from '../../contract/http.js';
import { SHARE_MESSAGES, SHARE_OPEN_LINKS_MAX, shareLinkOperations as ops } from '../../contract/share-links.js';
import { conflict, HttpError, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import {
  countOpenLinks,
  countUnreadDecisions,
  findShareLinkWithNames,
  insertShareLink,
  latestDecisionsOf,
  listScheduleLinks,
  openLinksOf,
  revokeShareLink,
  revokedLinksOf,
  schedulesOf,
  sealedTokenOf,
  toShareLinkJson,
} from '../../queries/share-links.js';
import { LinkSeal } from '../../services/link-seal.js';
import { newToken } from '../../services/tokens.js';
import { routeOf } from '../declared.js';

/**
 * Client approval links, the firm's side (DESIGN.md section 9, docs/decisions/106), scope
 * `workspace`: whoever may work on a schedule's project makes, lists and revokes its links; the
 * Client Board lists the open links and the latest client decisions of the projects the caller sees,
 * and gives an open link's address again to whoever may make links for its project (decision 296).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const shareLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const seal = await LinkSeal.of(db, config.SHARE_LINK_KEY).ready();

  /** A link the caller may act on: 404 for an unknown id and for one of a project the caller cannot see. */
  async function linkAccess(session: Session, id: string) {
    const found = isId(id) ? await findShareLinkWithNames(db, id) : undefined;
    if (!found) throw notFound(SHARE_MESSAGES.linkNotFound);
    try {
      return { found, access: await requireProjectAccess(db, session, found.link.projectId, 'work') };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) throw notFound(SHARE_MESSAGES.linkNotFound);
      throw error;
    }
  }

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const { schedule } = await requireScheduleAccess(db, request.session, request.params.scheduleId);
      const now = new Date();
      return { data: { links: (await listScheduleLinks(db, schedule.id)).map((row) => toShareLinkJson(row, now)) } };
    },
  });

  app.route({
    ...routeOf(ops.create),
    handler: async (request, reply) => {
      const { user } = request.session;
      const { schedule, access } = await requireScheduleAccess(db, request.session, request.params.scheduleId);
      if ((await countOpenLinks(db, schedule.id)) >= SHARE_OPEN_LINKS_MAX) throw conflict(SHARE_MESSAGES.tooManyLinks);
      const { token, hash } = newToken();
      const created = await db.transaction(async (tx) => {
        const values = {
          firmId: access.firm.firmId,
          projectId: schedule.projectId,
          scheduleId: schedule.id,
          tokenHash: hash,
          clientName: request.body.clientName,
          createdBy: user.id,
          expiresAt: new Date(Date.now() + request.body.expiresInDays * DAY_MS),
        };
        const row = await insertShareLink(tx, values, (id) => seal.seal(token, id));
        await recordAudit(tx, {
          actorId: user.id,
          firmId: access.firm.firmId,
          action: 'share-link.created',
          targetType: 'share-link',
          targetId: row.link.id,
          details: { projectId: schedule.projectId, scheduleId: schedule.id, expiresAt: row.link.expiresAt.toISOString() },
        });
        return row;
      });
      return reply.status(201).send({ data: { ...toShareLinkJson(created), token, path: `/share/${token}` } });
    },
  });

  app.route({
    ...routeOf(ops.revoke),
    handler: async (request) => {
      const { user } = request.session;
      const { found, access } = await linkAccess(request.session, request.params.id);
      await db.transaction(async (tx) => {
        await revokeShareLink(tx, found.link.id, user.id);
        await recordAudit(tx, {
          actorId: user.id,
          firmId: access.firm.firmId,
          action: 'share-link.revoked',
          targetType: 'share-link',
          targetId: found.link.id,
          details: { projectId: found.link.projectId, scheduleId: found.link.scheduleId },
        });
      });
      return { data: toShareLinkJson((await findShareLinkWithNames(db, found.link.id))!) };
    },
  });

  app.route({
    ...routeOf(ops.address),
    handler: async (request) => {
      const { found } = await linkAccess(request.session, request.params.id);
      const sealed = toShareLinkJson(found).copyable ? await sealedTokenOf(db, found.link.id) : null;
      const token = sealed ? await seal.open(sealed, found.link.id) : null;
      if (!token) throw new HttpError(410, SHARE_MESSAGES.notCopyable, undefined, 'link-gone');
      return { data: { id: found.link.id, token, path: `/share/${token}` } };
    },
  });

  app.route({
    ...routeOf(ops.board),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      const visible = visibleWorkspaceProjects(user, firm);
      const now = new Date();
      const [links, revoked, decisions, unread, schedules] = await Promise.all([
        openLinksOf(db, visible, now),
        revokedLinksOf(db, visible, now),
        latestDecisionsOf(db, visible),
        countUnreadDecisions(db, visible),
        schedulesOf(db, visible),
      ]);
      const json = (row: (typeof links)[number]) => toShareLinkJson(row, now);
      return { data: { links: links.map(json), revokedLinks: revoked.map(json), decisions, unread, schedules } };
    },
  });
};
