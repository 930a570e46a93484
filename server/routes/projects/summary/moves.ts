import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUMMARY_MESSAGES as M, summaryOperations as ops } from '../../../contract/summary.js';
import { routeOf } from '../../declared.js';
import { requireSummaryRowAccess } from '../../../auth/schedule-access.js';
import { moveInSummary, summaryWrite, type MovableKind } from './write.js';

/**
 * The moves of rooms, sections and items (docs/decisions/101): one handler for the three, over
 * `moveInSummary` (lock the schedule, lock the row and its new parent, renumber). Images move
 * inside their item (items.ts), with the same positions helper.
 */

const MOVE_ROUTES = [
  { kind: 'room', operation: ops.moveRoom },
  { kind: 'section', operation: ops.moveSection, parentKey: 'roomId' },
  { kind: 'item', operation: ops.moveItem, parentKey: 'sectionId' },
] as const satisfies ReadonlyArray<{ kind: MovableKind; operation: unknown; parentKey?: string }>;

export const summaryMoveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  for (const move of MOVE_ROUTES) {
    const { kind } = move;
    const parentKey = 'parentKey' in move ? move.parentKey : undefined;
    app.route({
      ...routeOf(move.operation),
      handler: async (request) => {
        const access = await requireSummaryRowAccess(db, request.session, kind, request.params.id);
        await summaryWrite(db, access, request.session.user.id, `${kind}.moved`, async (ctx) => {
          const moved = await moveInSummary(ctx, kind, request.params.id, request.body);
          // The audit line names the new parent as before the helper: `roomId` of a section, `sectionId` of an item.
          return { result: null, targetId: moved.id, details: { ...(parentKey ? { [parentKey]: moved.parentId } : {}), index: request.body.index } };
        });
        return { message: M.moved, id: request.params.id };
      },
    });
  }
};
