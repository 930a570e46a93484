import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../contract/http.js';
import { SUMMARY_MESSAGES as M, SummaryWriteReply } from '../../../contract/summary.js';
import { requireSummaryRowAccess } from '../../../auth/schedule-access.js';
import type { ItemRow, RoomRow, SectionRow } from '../../../queries/summary.js';
import { removeImagesLater } from '../../../services/schedule-images.js';
import { copyInSummary, deleteInSummary, summaryWrite, type CopyableKind, type MovableKind } from './write.js';
import { errors, tags } from './structure.js';

/**
 * Deleting rooms, sections and items, and copying sections and items: one handler for each verb
 * over the kinds, as moves.ts does for moves. A card has no images and no copy (structure.ts).
 */

type Audited<Row> = { path: string; summary: string; details: (row: Row) => Record<string, unknown> };

const DELETE_ROUTES: { room: Audited<RoomRow>; section: Audited<SectionRow>; item: Audited<ItemRow> } = {
  room: { path: '/projects/summary/rooms/:id', summary: 'Delete a room with its sections and items', details: (room) => ({ name: room.name }) },
  section: { path: '/projects/summary/sections/:id', summary: 'Delete a section with its items and cards', details: (section) => ({ title: section.title }) },
  item: { path: '/projects/summary/items/:id', summary: 'Delete an item and its images', details: (item) => ({ type: item.type, title: item.title }) },
};

const COPY_ROUTES: Record<CopyableKind, { path: string; summary: string }> = {
  section: { path: '/projects/summary/sections/:id/copy', summary: 'Copy a section (its items without images, and its cards) right after it' },
  item: { path: '/projects/summary/items/:id/copy', summary: 'Copy an item (texts and figures, not its images) right after it' },
};

export const summaryDeleteAndCopyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  for (const kind of Object.keys(DELETE_ROUTES) as MovableKind[]) {
    const { path, summary, details } = DELETE_ROUTES[kind] as Audited<RoomRow | SectionRow | ItemRow>;
    app.delete(path, { schema: { tags, summary, params: IdParams, response: { 200: SummaryWriteReply, ...errors } } }, async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, kind, request.params.id);
      const folders = await summaryWrite(db, access, request.session.user.id, `${kind}.deleted`, async (ctx) => {
        const { row, folders } = await deleteInSummary(ctx, kind, request.params.id);
        return { result: folders, targetId: row.id, details: details(row) };
      });
      await removeImagesLater(storage, folders, request.log);
      return { message: M.deleted, id: request.params.id };
    });
  }
  for (const kind of Object.keys(COPY_ROUTES) as CopyableKind[]) {
    const { path, summary } = COPY_ROUTES[kind];
    app.post(path, { schema: { tags, summary, params: IdParams, response: { 201: SummaryWriteReply, ...errors } } }, async (request, reply) => {
      const access = await requireSummaryRowAccess(db, request.session, kind, request.params.id);
      const copy = await summaryWrite(db, access, request.session.user.id, `${kind}.copied`, async (ctx) => {
        const { row, copy } = await copyInSummary(ctx, kind, request.params.id);
        return { result: copy, targetId: copy.id, details: { from: row.id } };
      });
      return reply.status(201).send({ message: M.copied, id: copy.id });
    });
  }
};
