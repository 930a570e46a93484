import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../../auth/firm.js';
import { summaryOutputOperations } from '../../../contract/summary-output-operations.js';
import { notFound } from '../../../errors.js';
import { sumPaise } from '../../../money/totals.js';
import { financialOverview, receivables } from '../../../queries/financial.js';
import { lastMonths } from '../../../money/ageing.js';
import { isoDay, zoneOf } from '../../../contract/dates.js';
import { committedSums } from '../../../queries/purchase-orders.js';
import { routeOf } from '../../declared.js';

/**
 * The firm-wide financial overview (DESIGN.md section 9, docs/decisions/107), scope `workspace`:
 * the firm and its sub-admins; a plain employee gets 403 (it may not see the firm's margins).
 */
export const financialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.route({
    ...routeOf(summaryOutputOperations.financial),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const [data, committed] = await Promise.all([financialOverview(db, firm.firmId, request.query.projectId ?? null), committedSums(db, firm.firmId)]);
      // Another firm's project, or no project at all: as anywhere else, it does not exist here.
      if (request.query.projectId && !data.projectId) throw notFound('Project not found');
      // Ages count in the firm's calendar, like its documents' dates (decision 331).
      const today = isoDay(new Date(), zoneOf({ timeZone: request.session.employer?.timeZone ?? request.session.user.timeZone }));
      const owed = await receivables(db, firm.firmId, data.projectId, today, lastMonths(today));
      const shown = data.projectId ? [data.projectId] : data.projects.map((p) => p.id);
      const byProject = Object.fromEntries(shown.map((id) => [id, committed.byProject.get(id) ?? 0]));
      const bySchedule = Object.fromEntries(data.rows.map((row) => [row.scheduleId, committed.bySchedule.get(row.scheduleId) ?? 0]));
      return { data: { ...data, committed: { byProject, bySchedule, total: sumPaise(Object.values(byProject)) }, receivables: owed } };
    },
  });
};
