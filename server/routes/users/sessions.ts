import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceLabel, SESSION_MESSAGES as M, sessionOperations as ops } from '../../contract/sessions.js';
import { isId } from '../../contract/http.js';
import { routeOf } from '../declared.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { notifyStreamsEnd } from '../../queries/chat.js';
import { listOpenSessions, revokeOtherSessions, revokeOwnSession } from '../../queries/sessions.js';

/**
 * The signed-in person's sessions (decision 332), scope `signedIn`: every account, explorer,
 * firm, employee, sees and ends only its own. Setting lists them (device, address, last use, this
 * one marked) and ends one or every other. The scope's after-write hook empties the session cache
 * (server/app.ts), so an ended session is refused from its very next call on this api; other
 * replicas follow within SESSION_CACHE_MS. The person's live Group Chat streams are told to close
 * (on every replica): the ended device's reconnect is refused, the others reconnect as before.
 */

export const userSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const { user, sessionId } = request.session;
      const rows = await listOpenSessions(db, user.id);
      return {
        data: {
          sessions: rows.map((row) => ({
            id: row.id,
            device: deviceLabel(row.userAgent),
            address: row.address,
            createdAt: row.createdAt.toISOString(),
            lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
            expiresAt: row.expiresAt.toISOString(),
            current: row.id === sessionId,
          })),
        },
      };
    },
  });

  app.route({
    ...routeOf(ops.end),
    handler: async (request) => {
      const { user, sessionId } = request.session;
      const { id } = request.params;
      await db.transaction(async (tx) => {
        if (!isId(id) || !(await revokeOwnSession(tx, user.id, id))) throw notFound(M.notFound);
        await notifyStreamsEnd(tx, user.id);
        await recordAudit(tx, { actorId: user.id, firmId: user.firmId ?? null, action: 'user.session-ended', targetType: 'user', targetId: user.id, details: { sessionId: id, current: id === sessionId } });
      });
      const current = id === sessionId;
      return { message: current ? M.endedThis : M.ended, data: { current } };
    },
  });

  app.route({
    ...routeOf(ops.endOthers),
    handler: async (request) => {
      const { user, sessionId } = request.session;
      const ended = await db.transaction(async (tx) => {
        const count = await revokeOtherSessions(tx, user.id, sessionId);
        if (count) {
          await notifyStreamsEnd(tx, user.id);
          await recordAudit(tx, { actorId: user.id, firmId: user.firmId ?? null, action: 'user.other-sessions-ended', targetType: 'user', targetId: user.id, details: { ended: count } });
        }
        return count;
      });
      return { message: M.othersEnded(ended), data: { ended } };
    },
  });
};
