import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { visibleWorkspaceProjects } from '../../auth/project-access.js';
import { SHARE_MESSAGES, shareLinkOperations as ops } from '../../contract/share-links.js';
import { countUnreadDecisions, decisionLogOf, markDecisionsRead } from '../../queries/share-links.js';
import { requireProjectAccess } from '../../auth/project-access.js';
import { clientDecisionOperations } from '../../contract/client-decisions.js';
import { routeOf } from '../declared.js';

/**
 * Client decisions as the firm's inbox on the Client Board (docs/decisions/295), scope
 * `workspace`: the sidebar's unread count and "mark as read", each over the projects the caller
 * sees (a plain employee: its member projects). Read state is the firm's, as a lead's is. A
 * project's decision log (docs/decisions/413) is read with the same access: whoever sees the project.
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

  app.route({
    ...routeOf(clientDecisionOperations.log),
    handler: async (request) => {
      const { project } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      const { user, employer } = request.session;
      const entries = await decisionLogOf(db, project.id);
      return {
        data: {
          firm: { name: employer?.name ?? (user.firmName || user.userName), timeZone: employer?.timeZone ?? user.timeZone },
          project: { id: project.id, name: project.projectName },
          asOf: new Date().toISOString(),
          entries,
        },
      };
    },
  });
};
