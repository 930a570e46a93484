import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireScheduleAccess } from '../auth/schedule-access.js';
import { ErrorReply } from '../contract/http.js';
import { ScheduleIdParams } from '../contract/share-links.js';
import { PrintQuery, SeenPrintReply } from '../contract/summary-print.js';
import { guardMargins } from '../auth/margins.js';
import { sumFigures, type SummaryJson } from '../contract/summary.js';
import { notFound } from '../errors.js';
import { loadSummary } from '../queries/summary.js';
import { findUserById } from '../queries/users.js';
import { avatarKeys } from '../services/images.js';
import { printThumbnail, webpDataUrl } from '../services/print-thumbnails.js';
import { scheduleImageFolder, scheduleVariantKey } from '../services/schedule-images.js';
import type { Storage, StorageArea } from '../services/storage/storage.js';

/**
 * The print data of a schedule's summary for the web's PDF (DESIGN.md section 9, docs/decisions/105),
 * scope `workspace`, 'work' on the schedule's project. Images come inline as data URLs (square
 * WebP crops, services/print-thumbnails.ts), so the page Chromium prints needs no request.
 */

const errors = { 404: ErrorReply };
export const SECTION_NOT_IN_SCHEDULE = 'A chosen section is not part of this schedule';

async function readStored(storage: Storage, area: StorageArea, key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const file = await storage.get(area, key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), contentType: file.contentType };
}

async function dataUrl(storage: Storage, area: StorageArea, key: string): Promise<string | null> {
  const file = await readStored(storage, area, key);
  return file && `data:${file.contentType};base64,${file.bytes.toString('base64')}`;
}

/** An item picture as the PDF prints it: a square crop of its 480 px variant. */
async function itemThumbnail(storage: Storage, key: string): Promise<string | null> {
  const file = await readStored(storage, 'private', key);
  return file && webpDataUrl(await printThumbnail(file.bytes));
}

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

  app.get(
    '/projects/schedules/:scheduleId/print',
    {
      schema: {
        tags: ['summary'],
        summary: "The print data of a schedule's summary (chosen sections, names, images as data URLs) for its PDF",
        params: ScheduleIdParams,
        querystring: PrintQuery,
        response: { 200: SeenPrintReply, ...errors },
      },
    },
    async (request) => {
      const { schedule, access } = await requireScheduleAccess(db, request.session, request.params.scheduleId);
      const chosen = [...new Set(request.query.sections)];
      const [summary, firm] = await Promise.all([loadSummary(db, schedule), findUserById(db, access.firm.firmId)]);
      const known = new Set(summary.rooms.flatMap((room) => room.sections.map((s) => s.id)));
      if (chosen.some((id) => !known.has(id))) throw notFound(SECTION_NOT_IN_SCHEDULE);
      const printed = pickSections(summary, chosen);
      const imageIds = [...new Set(printed.rooms.flatMap((r) => r.sections.flatMap((s) => s.items.flatMap((i) => i.images.map((image) => image.id)))))];
      // A few at a time: storage reads and crops (sharp's thread pool); 100 items' variants are a few MB.
      const images: Record<string, string> = {};
      for (let i = 0; i < imageIds.length; i += 8) {
        await Promise.all(
          imageIds.slice(i, i + 8).map(async (imageId) => {
            const url = await itemThumbnail(storage, scheduleVariantKey(scheduleImageFolder(schedule.projectId, imageId), 480));
            if (url) images[imageId] = url;
          }),
        );
      }
      const avatarKey = avatarKeys(firm?.profileImage)[0];
      return {
        data: {
          firm: { name: firm?.firmName || firm?.userName || '', avatar: avatarKey ? await dataUrl(storage, 'public', avatarKey) : null, timeZone: firm?.timeZone },
          project: { id: access.project.id, name: access.project.projectName },
          schedule: { id: schedule.id, title: schedule.title },
          summary: printed,
          // The spec's orientation counts the sections chosen: none chosen prints all, in landscape.
          sectionCount: chosen.length,
          images,
        },
      };
    },
  );
};
