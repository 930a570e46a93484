import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { TIME_ZONE_MESSAGES, TimeZoneBody, TimeZoneReply } from '../../contract/settings.js';
import { recordAudit } from '../../queries/audit.js';
import { saveFirmTimeZone } from '../../queries/settings.js';

/**
 * `PUT /api/firm/time-zone` (issue 31, decision 265), scope `workspace`: the firm's one time zone,
 * set by the firm and its sub-admins. It travels with the viewer's snapshot (`timeZone`), so saving
 * it changes the version of every session of the firm and its employees and their pages follow.
 */
export const firmTimeZoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, sessions } = app.ctx;

  app.put(
    '/firm/time-zone',
    { schema: { tags: ['settings'], summary: "Save the firm's time zone (every date its people are shown, mailed or exported)", body: TimeZoneBody, response: { 200: TimeZoneReply } } },
    async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const { timeZone } = request.body;
      await db.transaction(async (tx) => {
        await saveFirmTimeZone(tx, firm.firmId, timeZone);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'firm.time-zone-saved', targetType: 'firm', targetId: firm.firmId, details: { timeZone } });
      });
      // The cached sessions still carry the old zone: the next call reads it afresh.
      sessions.clear();
      return { message: TIME_ZONE_MESSAGES.saved, data: { timeZone } };
    },
  );
};
