import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUMMARY_MESSAGES as M, summaryOperations as ops } from '../../../contract/summary.js';
import { routeOf } from '../../declared.js';
import { requireSummaryRowAccess } from '../../../auth/schedule-access.js';
import type { ItemRow, RoomRow, SectionRow } from '../../../queries/summary.js';
import { removeImagesLater } from '../../../services/schedule-images.js';
import { copyInSummary, deleteInSummary, summaryWrite, type CopyableKind, type MovableKind } from './write.js';

/**
 * Deleting rooms, sections and items, and copying sections and items: one handler for each verb
 * over the kinds, as moves.ts does for moves. A card has no images and no copy (structure.ts).
 */

type Audited<Row> = { operation: typeof ops.deleteRoom | typeof ops.deleteSection | typeof ops.deleteItem; details: (row: Row) => Record<string, unknown> };

const DELETE_ROUTES: { room: Audited<RoomRow>; section: Audited<SectionRow>; item: Audited<ItemRow> } = {
  room: { operation: ops.deleteRoom, details: (room) => ({ name: room.name }) },
  section: { operation: ops.deleteSection, details: (section) => ({ title: section.title }) },
  item: { operation: ops.deleteItem, details: (item) => ({ type: item.type, title: item.title }) },
};

const COPY_ROUTES: Record<CopyableKind, typeof ops.copySection | typeof ops.copyItem> = { section: ops.copySection, item: ops.copyItem };

export const summaryDeleteAndCopyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  for (const kind of Object.keys(DELETE_ROUTES) as MovableKind[]) {
    const { operation, details } = DELETE_ROUTES[kind] as Audited<RoomRow | SectionRow | ItemRow>;
    app.route({
      ...routeOf(operation),
      handler: async (request) => {
        const access = await requireSummaryRowAccess(db, request.session, kind, request.params.id);
        const folders = await summaryWrite(db, access, request.session.user.id, `${kind}.deleted`, async (ctx) => {
          const { row, folders } = await deleteInSummary(ctx, kind, request.params.id);
          return { result: folders, targetId: row.id, details: details(row) };
        });
        await removeImagesLater(storage, folders, request.log);
        return { message: M.deleted, id: request.params.id };
      },
    });
  }
  for (const kind of Object.keys(COPY_ROUTES) as CopyableKind[]) {
    app.route({
      ...routeOf(COPY_ROUTES[kind]),
      handler: async (request, reply) => {
        const access = await requireSummaryRowAccess(db, request.session, kind, request.params.id);
        const copy = await summaryWrite(db, access, request.session.user.id, `${kind}.copied`, async (ctx) => {
          const { row, copy } = await copyInSummary(ctx, kind, request.params.id);
          return { result: copy, targetId: copy.id, details: { from: row.id } };
        });
        return reply.status(201).send({ message: M.copied, id: copy.id });
      },
    });
  }
};
