import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { visibleWorkspaceProjects } from '../../auth/project-access.js';
import { SHARE_MESSAGES, shareLinkOperations as ops } from '../../contract/share-links.js';
import { countUnreadDecisions, markDecisionsRead } from '../../queries/share-links.js';
import { routeOf } from '../declared.js';

/**
 * Client decisions as the firm's inbox on the Client Board (docs/decisions/295), scope
 * `workspace`: the sidebar's unread count and "mark as read", each over the projects the caller
 * sees (a plain employee: its member projects). Read state is the firm's, as a lead's is.
 */
export const clientBoardDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.unread),
    handler: async (request) => {
      const { user } = request.session;
      return { data: { unread: await countUnreadDecisions(db, visibleWorkspaceProjects(user, requireFirmAccess(user, 'work'))) } };
    },
  });

  app.route({
    ...routeOf(ops.markRead),
    handler: async (request) => {
      const { user } = request.session;
      const visible = visibleWorkspaceProjects(user, requireFirmAccess(user, 'work'));
      const marked = await markDecisionsRead(db, visible, user.id, request.body.ids);
      return { message: SHARE_MESSAGES.markedRead, data: { marked, unread: await countUnreadDecisions(db, visible) } };
    },
  });
};
