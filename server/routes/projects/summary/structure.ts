import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReply, IdParams } from '../../../contract/http.js';
import {
  CardBody,
  CardChangesBody,
  NewSectionBody,
  RoomBody,
  RoomChangesBody,
  ScheduleIdParams,
  SectionChangesBody,
  SUMMARY_LIMITS,
  SUMMARY_MESSAGES as M,
  SeenSummaryReply,
  SummaryWriteReply,
  SummaryRoomStale,
  SummarySectionStale,
} from '../../../contract/summary.js';
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

export const errors = { 404: ErrorReply, 409: ErrorReply };
export const tags = ['summary'];
const created = { 201: SummaryWriteReply, ...errors };
const done = { 200: SummaryWriteReply, ...errors };

export const summaryStructureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/projects/summary/:scheduleId',
    { schema: { tags, summary: "A schedule's summary: rooms → sections → items with figures and totals", params: ScheduleIdParams, response: { 200: SeenSummaryReply, ...errors } } },
    async (request) => {
      const { schedule } = await requireScheduleAccess(db, request.session, request.params.scheduleId);
      return { data: await loadSummary(db, schedule) };
    },
  );

  // Rooms -------------------------------------------------------------------------------------

  app.post(
    '/projects/summary/:scheduleId/rooms',
    { schema: { tags, summary: 'Add a room at the end', params: ScheduleIdParams, body: RoomBody, response: created } },
    async (request, reply) => {
      const access = await requireScheduleAccess(db, request.session, request.params.scheduleId);
      const room = await summaryWrite(db, access, request.session.user.id, 'room.created', async ({ tx, scope }) => {
        if ((await countRows(tx, 'room', scope.scheduleId)) >= SUMMARY_LIMITS.roomsPerSchedule) throw conflict(M.roomsMax);
        await refuseTakenRoomName(tx, scope.scheduleId, request.body.name);
        const row = await insertRoom(tx, scope, request.body.name);
        return { result: row, targetId: row.id, details: { name: row.name } };
      });
      return reply.status(201).send({ message: 'Room added', id: room.id });
    },
  );

  app.put(
    '/projects/summary/rooms/:id',
    { schema: { tags, summary: 'Rename a room from the `version` read; 409 with the current name when renamed meanwhile', params: IdParams, body: RoomChangesBody, response: { ...done, 409: SummaryRoomStale } } },
    async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'room', request.params.id);
      await summaryWrite(db, access, request.session.user.id, 'room.renamed', async (ctx) => {
        const room = await lockedRow(ctx, 'room', request.params.id);
        await refuseTakenRoomName(ctx.tx, room.scheduleId, request.body.name, room.id);
        await updateRoom(ctx.tx, room.id, request.session.user.id, request.body.name, request.body.version);
        return { result: null, targetId: room.id, details: { name: request.body.name } };
      });
      return { message: 'Room renamed', id: request.params.id };
    },
  );

  // Sections ----------------------------------------------------------------------------------

  app.post(
    '/projects/summary/rooms/:id/sections',
    { schema: { tags, summary: 'Add a section at the end of a room', params: IdParams, body: NewSectionBody, response: created } },
    async (request, reply) => {
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
  );

  app.put(
    '/projects/summary/sections/:id',
    {
      schema: {
        tags,
        summary: 'Rename a section or change its status (none, approved, in_review, rejected) from the `version` read; 409 with the current section when changed meanwhile',
        params: IdParams,
        body: SectionChangesBody,
        response: { ...done, 409: SummarySectionStale },
      },
    },
    async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'section', request.params.id);
      await summaryWrite(db, access, request.session.user.id, 'section.updated', async (ctx) => {
        const section = await lockedRow(ctx, 'section', request.params.id);
        const { version, ...changes } = request.body;
        await updateSection(ctx.tx, section.id, request.session.user.id, changes, version);
        return { result: null, targetId: section.id, details: { ...changes } };
      });
      return { message: M.saved, id: request.params.id };
    },
  );

  // Cards -------------------------------------------------------------------------------------

  app.post(
    '/projects/summary/sections/:id/cards',
    { schema: { tags, summary: `Add an extra specification card to a section (at most ${SUMMARY_LIMITS.cardsPerSection})`, params: IdParams, body: CardBody, response: created } },
    async (request, reply) => {
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
  );

  app.put(
    '/projects/summary/cards/:id',
    { schema: { tags, summary: 'Change a card', params: IdParams, body: CardChangesBody, response: done } },
    async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'card', request.params.id);
      await summaryWrite(db, access, request.session.user.id, 'card.updated', async (ctx) => {
        const card = await lockedRow(ctx, 'card', request.params.id);
        await updateCard(ctx.tx, card.id, request.body);
        return { result: null, targetId: card.id };
      });
      return { message: M.saved, id: request.params.id };
    },
  );

  app.delete(
    '/projects/summary/cards/:id',
    { schema: { tags, summary: 'Delete a card', params: IdParams, response: done } },
    async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'card', request.params.id);
      await summaryWrite(db, access, request.session.user.id, 'card.deleted', async (ctx) => {
        const card = await lockedRow(ctx, 'card', request.params.id);
        await deleteRow(ctx.tx, 'card', card.id, card.sectionId);
        return { result: null, targetId: card.id };
      });
      return { message: M.deleted, id: request.params.id };
    },
  );
};
