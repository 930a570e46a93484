import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUMMARY_LIMITS, SUMMARY_MESSAGES as M, summaryOperations as ops } from '../../../contract/summary.js';
import { routeOf } from '../../declared.js';
import { conflict } from '../../../errors.js';
import {
  countRows,
  deleteRow,
  insertCard,
  insertRoom,
  insertSection,
  loadSummary,
  roomNameTaken,
  updateCard,
  updateRoom,
  updateSection,
} from '../../../queries/summary.js';
import { requireScheduleAccess, requireSummaryRowAccess } from '../../../auth/schedule-access.js';
import { lockedRow, summaryWrite } from './write.js';
import type { Database } from '../../../db/connection.js';

/** 409 on the name field when another room of the schedule has the name (the schedule is locked by the write). */
async function refuseTakenRoomName(tx: Database, scheduleId: string, name: string, exceptId?: string) {
  if (await roomNameTaken(tx, scheduleId, name, exceptId)) throw conflict(M.roomNameTaken, [{ path: 'name', message: M.roomNameTaken }]);
}

/** Rooms, sections and cards of a summary, and the summary itself (GET). */


export const summaryStructureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.get),
    handler: async (request) => {
      const { schedule } = await requireScheduleAccess(db, request.session, request.params.scheduleId);
      return { data: await loadSummary(db, schedule) };
    },
  });

  // Rooms -------------------------------------------------------------------------------------

  app.route({
    ...routeOf(ops.addRoom),
    handler: async (request, reply) => {
      const access = await requireScheduleAccess(db, request.session, request.params.scheduleId);
      const room = await summaryWrite(db, access, request.session.user.id, 'room.created', async ({ tx, scope }) => {
        if ((await countRows(tx, 'room', scope.scheduleId)) >= SUMMARY_LIMITS.roomsPerSchedule) throw conflict(M.roomsMax);
        await refuseTakenRoomName(tx, scope.scheduleId, request.body.name);
        const row = await insertRoom(tx, scope, request.body.name);
        return { result: row, targetId: row.id, details: { name: row.name } };
      });
      return reply.status(201).send({ message: 'Room added', id: room.id });
    },
  });

  app.route({
    ...routeOf(ops.renameRoom),
    handler: async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'room', request.params.id);
      await summaryWrite(db, access, request.session.user.id, 'room.renamed', async (ctx) => {
        const room = await lockedRow(ctx, 'room', request.params.id);
        await refuseTakenRoomName(ctx.tx, room.scheduleId, request.body.name, room.id);
        await updateRoom(ctx.tx, room.id, request.session.user.id, request.body.name, request.body.version);
        return { result: null, targetId: room.id, details: { name: request.body.name } };
      });
      return { message: 'Room renamed', id: request.params.id };
    },
  });

  // Sections ----------------------------------------------------------------------------------

  app.route({
    ...routeOf(ops.addSection),
    handler: async (request, reply) => {
      const access = await requireSummaryRowAccess(db, request.session, 'room', request.params.id);
      const section = await summaryWrite(db, access, request.session.user.id, 'section.created', async (ctx) => {
        const room = await lockedRow(ctx, 'room', request.params.id);
        const count = await countRows(ctx.tx, 'section', room.id);
        if (count >= SUMMARY_LIMITS.sectionsPerRoom) throw conflict(M.sectionsMax);
        const row = await insertSection(ctx.tx, ctx.scope, room.id, request.body.title ?? `Section ${count + 1}`);
        return { result: row, targetId: row.id, details: { title: row.title } };
      });
      return reply.status(201).send({ message: 'Section added', id: section.id });
    },
  });

  app.route({
    ...routeOf(ops.updateSection),
    handler: async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'section', request.params.id);
      await summaryWrite(db, access, request.session.user.id, 'section.updated', async (ctx) => {
        const section = await lockedRow(ctx, 'section', request.params.id);
        const { version, ...changes } = request.body;
        await updateSection(ctx.tx, section.id, request.session.user.id, changes, version);
        return { result: null, targetId: section.id, details: { ...changes } };
      });
      return { message: M.saved, id: request.params.id };
    },
  });

  // Cards -------------------------------------------------------------------------------------

  app.route({
    ...routeOf(ops.addCard),
    handler: async (request, reply) => {
      const access = await requireSummaryRowAccess(db, request.session, 'section', request.params.id);
      const card = await summaryWrite(db, access, request.session.user.id, 'card.created', async (ctx) => {
        const section = await lockedRow(ctx, 'section', request.params.id);
        if ((await countRows(ctx.tx, 'card', section.id)) >= SUMMARY_LIMITS.cardsPerSection) {
          throw conflict(M.cardsMax, [{ path: 'cards', message: M.cardsMax }]);
        }
        const row = await insertCard(ctx.tx, ctx.scope, section.id, request.body);
        return { result: row, targetId: row.id, details: { title: row.title } };
      });
      return reply.status(201).send({ message: 'Card added', id: card.id });
    },
  });

  app.route({
    ...routeOf(ops.updateCard),
    handler: async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'card', request.params.id);
      await summaryWrite(db, access, request.session.user.id, 'card.updated', async (ctx) => {
        const card = await lockedRow(ctx, 'card', request.params.id);
        await updateCard(ctx.tx, card.id, request.body);
        return { result: null, targetId: card.id };
      });
      return { message: M.saved, id: request.params.id };
    },
  });

  app.route({
    ...routeOf(ops.deleteCard),
    handler: async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'card', request.params.id);
      await summaryWrite(db, access, request.session.user.id, 'card.deleted', async (ctx) => {
        const card = await lockedRow(ctx, 'card', request.params.id);
        await deleteRow(ctx.tx, 'card', card.id, card.sectionId);
        return { result: null, targetId: card.id };
      });
      return { message: M.deleted, id: request.params.id };
    },
  });
};
