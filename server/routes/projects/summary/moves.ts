import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../contract/http.js';
import { MoveBody, SUMMARY_MESSAGES as M, SummaryWriteReply } from '../../../contract/summary.js';
import { requireSummaryRowAccess } from '../../../auth/schedule-access.js';
import { moveInSummary, summaryWrite, type MovableKind } from './write.js';
import { errors, tags } from './structure.js';

/**
 * The moves of rooms, sections and items (docs/decisions/101): one handler for the three, over
 * `moveInSummary` (lock the schedule, lock the row and its new parent, renumber). Images move
 * inside their item (items.ts), with the same positions helper.
 */

const MOVE_ROUTES: Array<{ kind: MovableKind; path: string; summary: string; parentKey?: string }> = [
  { kind: 'room', path: '/projects/summary/rooms/:id/move', summary: 'Move a room to position `index`' },
  { kind: 'section', path: '/projects/summary/sections/:id/move', summary: 'Move a section to position `index` of its room, or of the room `parentId`', parentKey: 'roomId' },
  { kind: 'item', path: '/projects/summary/items/:id/move', summary: 'Move an item to position `index` of its section, or of the section `parentId` (of the same schedule)', parentKey: 'sectionId' },
];

export const summaryMoveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  for (const { kind, path, summary, parentKey } of MOVE_ROUTES) {
    app.post(path, { schema: { tags, summary, params: IdParams, body: MoveBody, response: { 200: SummaryWriteReply, ...errors } } }, async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, kind, request.params.id);
      await summaryWrite(db, access, request.session.user.id, `${kind}.moved`, async (ctx) => {
        const moved = await moveInSummary(ctx, kind, request.params.id, request.body);
        // The audit line names the new parent as before the helper: `roomId` of a section, `sectionId` of an item.
        return { result: null, targetId: moved.id, details: { ...(parentKey ? { [parentKey]: moved.parentId } : {}), index: request.body.index } };
      });
      return { message: M.moved, id: request.params.id };
    });
  }
};
