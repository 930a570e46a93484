import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { firmTimeZoneOperations as ops, TIME_ZONE_MESSAGES } from '../../contract/settings.js';
import { routeOf } from '../declared.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { readFirmTimeZone, saveFirmTimeZone } from '../../queries/settings.js';

/**
 * `PUT /api/firm/time-zone` (decision 265), scope `workspace`: the firm's one time zone,
 * set by the firm and its sub-admins. It travels with the viewer's snapshot (`timeZone`), so saving
 * it changes the version of every session of the firm and its employees and their pages follow.
 */
export const firmTimeZoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, sessions } = app.ctx;

  app.route({
    ...routeOf(ops.get),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const setting = await readFirmTimeZone(db, firm.firmId);
      if (!setting) throw notFound('The firm is not there any more');
      return { data: setting };
    },
  });

  app.route({
    ...routeOf(ops.save),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const { timeZone, version } = request.body;
      const saved = await db.transaction(async (tx) => {
        const setting = await saveFirmTimeZone(tx, firm.firmId, user.id, timeZone, version);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'firm.time-zone-saved', targetType: 'firm', targetId: firm.firmId, details: { timeZone } });
        return setting;
      });
      // The cached sessions still carry the old zone: the next call reads it afresh.
      sessions.clear();
      return { message: TIME_ZONE_MESSAGES.saved, data: saved };
    },
  });
};
