import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireScheduleAccess } from '../../../auth/schedule-access.js';
import { summaryOutputOperations } from '../../../contract/summary-output-operations.js';
import { guardMargins } from '../../../auth/margins.js';
import { sumFigures, type SummaryJson } from '../../../contract/summary.js';
import { notFound } from '../../../errors.js';
import { loadSummary } from '../../../queries/summary.js';
import { findUserById } from '../../../queries/users.js';
import { itemThumbnails, logoDataUrl } from '../../../services/print-images.js';
import { routeOf } from '../../declared.js';

/**
 * The print data of a schedule's summary for the web's PDF (DESIGN.md section 9, docs/decisions/105),
 * scope `workspace`, 'work' on the schedule's project. Images come inline as data URLs (square
 * WebP crops, services/print-thumbnails.ts), so the page Chromium prints needs no request.
 */

export const SECTION_NOT_IN_SCHEDULE = 'A chosen section is not part of this schedule';

/** The summary with only `chosen` sections (all when empty); totals recomputed over what is left. */
export function pickSections(summary: SummaryJson, chosen: readonly string[]): SummaryJson {
  if (!chosen.length) return summary;
  const wanted = new Set(chosen);
  const rooms = summary.rooms
    .map((room) => {
      const sections = room.sections.filter((s) => wanted.has(s.id));
      return { ...room, sections, totals: sumFigures(sections.map((s) => s.totals)) };
    })
    .filter((room) => room.sections.length > 0);
  return { ...summary, rooms, totals: sumFigures(rooms.map((r) => r.totals)) };
}

export const summaryPrintRoutes: FastifyPluginAsyncZod = async (app) => {
  // The financial PDF's figures: only for those who may see margins (docs/decisions/258).
  guardMargins(app);
  const { db, storage } = app.ctx;

  app.route({
    ...routeOf(summaryOutputOperations.print),
    handler: async (request) => {
      const { schedule, access } = await requireScheduleAccess(db, request.session, request.params.scheduleId);
      const chosen = [...new Set(request.query.sections)];
      const [summary, firm] = await Promise.all([loadSummary(db, schedule), findUserById(db, access.firm.firmId)]);
      const known = new Set(summary.rooms.flatMap((room) => room.sections.map((s) => s.id)));
      if (chosen.some((id) => !known.has(id))) throw notFound(SECTION_NOT_IN_SCHEDULE);
      const printed = pickSections(summary, chosen);
      const imageIds = [...new Set(printed.rooms.flatMap((r) => r.sections.flatMap((s) => s.items.flatMap((i) => i.images.map((image) => image.id)))))];
      const images = await itemThumbnails(storage, schedule.projectId, imageIds);
      return {
        data: {
          firm: { name: firm?.firmName || firm?.userName || '', avatar: await logoDataUrl(storage, firm?.profileImage), timeZone: firm?.timeZone },
          project: { id: access.project.id, name: access.project.projectName },
          schedule: { id: schedule.id, title: schedule.title },
          summary: printed,
          // The spec's orientation counts the sections chosen: none chosen prints all, in landscape.
          sectionCount: chosen.length,
          images,
        },
      };
    },
  });
};
