import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../../../body-limits.js';
import {
  ITEM_FIELDS_BY_TYPE,
  ITEM_REQUIRED_FIELD,
  ITEM_TEXT_FIELDS,
  SUMMARY_LIMITS,
  SUMMARY_MESSAGES as M,
  summaryOperations as ops,
  type ItemChanges,
  type SummaryItemType,
} from '../../../contract/summary.js';
import { routeOf } from '../../declared.js';
import type { ErrorDetail } from '../../../contract/http.js';
import { badRequest, conflict, HttpError, notFound } from '../../../errors.js';
import { moveRow } from '../../../queries/positions.js';
import {
  countRows,
  deleteRow,
  findItemImage,
  insertItem,
  insertItemImages,
  lockItems,
  ORDER,
  toItemJson,
  updateItem,
  imagesOfItems,
  type ItemRow,
  type ItemWrite,
} from '../../../queries/summary.js';
import { claimUploads } from '../../../queries/pending-uploads.js';
import { editorOf, staleFor } from '../../../queries/versions.js';
import { findPendingScheduleImages, imageIdOfRef, removeImagesLater, SCHEDULE_IMAGE_KIND, scheduleImageFolder } from '../../../services/schedule-images.js';
import type { Database } from '../../../db/connection.js';
import { requireScheduleAccess, requireSummaryRowAccess } from '../../../auth/schedule-access.js';
import { lockedRow, summaryWrite } from './write.js';

/** Items of a summary: add, change (one or all at once), and their images (delete and copy: deletes-and-copies.ts; moves: moves.ts). */

const STALE = 'stale';

/**
 * The changes of `body` that apply to `row` (texts trimmed; texts its type does not have are left
 * out), or the details of the texts left blank, under `path`: the type's required text, and any
 * text that held words (spec section 5: "edited fields that become blank are rejected").
 */
function itemChanges(row: ItemRow, body: ItemChanges, path = ''): { changes: ItemWrite; problems: ErrorDetail[] } {
  const type = row.type as SummaryItemType;
  const changes: ItemWrite = {};
  const problems: ErrorDetail[] = [];
  for (const field of ITEM_TEXT_FIELDS) {
    const value = body[field];
    if (value === undefined || !ITEM_FIELDS_BY_TYPE[type].includes(field)) continue;
    const trimmed = value.trim();
    if (!trimmed && (ITEM_REQUIRED_FIELD[type] === field || (row[field] ?? '').trim() !== '')) problems.push({ path: `${path}${field}`, message: M.requiredFields });
    changes[field] = trimmed;
  }
  for (const field of ['retailPrice', 'tradePrice', 'discountBp'] as const) {
    if (body[field] !== undefined) changes[field] = body[field];
  }
  // The quantity in thousandths and its unit (decision 403), under the row's own column names.
  if (body.quantity !== undefined) changes.quantityMilli = body.quantity;
  if (body.unit !== undefined) changes.unit = body.unit;
  return { changes, problems };
}

const isStale = (row: ItemRow, version: number) => version !== row.version;

/** The item's 409 when the change names an older version (docs/decisions/320): the item as it now is, who changed it and when. */
async function checkVersion(tx: Database, projectId: string, row: ItemRow, version: number) {
  if (!isStale(row, version)) return;
  throw await staleFor(row, async (r) => toItemJson(projectId, r, await itemImages(tx, r.id)), await editorOf(tx, row.updatedBy), M.stale);
}

async function itemImages(tx: Database, itemId: string) {
  return (await imagesOfItems(tx, [itemId])).get(itemId) ?? [];
}

/** A change that leaves every value as stored: it is not written, and no version is compared (decision 199). */
const changesNothing = (row: ItemRow, changes: ItemWrite) => Object.entries(changes).every(([field, value]) => row[field as keyof typeof changes] === value);

export const summaryItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  app.route({
    ...routeOf(ops.addItem),
    handler: async (request, reply) => {
      const access = await requireSummaryRowAccess(db, request.session, 'section', request.params.id);
      const item = await summaryWrite(db, access, request.session.user.id, 'item.created', async (ctx) => {
        const section = await lockedRow(ctx, 'section', request.params.id);
        if ((await countRows(ctx.tx, 'item', section.id)) >= SUMMARY_LIMITS.itemsPerSection) throw conflict(M.itemsMax);
        const row = await insertItem(ctx.tx, ctx.scope, section.id, request.body.type);
        return { result: row, targetId: row.id, details: { type: row.type } };
      });
      return reply.status(201).send({ message: 'Item added', id: item.id });
    },
  });

  app.route({
    ...routeOf(ops.updateItem),
    bodyLimit: BODY_LIMITS.item,
    handler: async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'item', request.params.id);
      const item = await summaryWrite(db, access, request.session.user.id, 'item.updated', async (ctx) => {
        const row = await lockedRow(ctx, 'item', request.params.id);
        const { changes, problems } = itemChanges(row, request.body);
        const write = !changesNothing(row, changes);
        if (write) await checkVersion(ctx.tx, ctx.schedule.projectId, row, request.body.version);
        if (problems.length) throw badRequest(M.requiredFields, problems);
        const updated = write ? await updateItem(ctx.tx, ctx.schedule.projectId, row.id, request.session.user.id, changes, request.body.version) : row;
        return { result: toItemJson(ctx.schedule.projectId, updated, await itemImages(ctx.tx, row.id)), targetId: row.id, details: { fields: Object.keys(changes) } };
      });
      return { data: item };
    },
  });

  app.route({
    ...routeOf(ops.saveAll),
    bodyLimit: BODY_LIMITS.saveAll,
    handler: async (request) => {
      const access = await requireScheduleAccess(db, request.session, request.params.scheduleId);
      const items = await summaryWrite(db, access, request.session.user.id, 'items.saved', async (ctx) => {
        const ids = [...new Set(request.body.items.map((i) => i.id))];
        if (ids.length !== request.body.items.length) throw badRequest('An item is listed twice', [{ path: 'items', message: 'An item is listed twice' }]);
        const rows = new Map((await lockItems(ctx.tx, ctx.schedule.id, ids)).map((r) => [r.id, r]));
        const problems: ErrorDetail[] = [];
        // Every item changed meanwhile is named, so that the editor can show each one's new version.
        const stale: ErrorDetail[] = [];
        const planned = request.body.items.map((body, index) => {
          const row = rows.get(body.id);
          if (!row) throw notFound(M.notFound);
          const { changes, problems: p } = itemChanges(row, body, `items.${index}.`);
          const write = !changesNothing(row, changes);
          if (write && isStale(row, body.version)) stale.push({ path: `items.${index}.version`, message: M.stale });
          problems.push(...p);
          return { row, changes, write, version: body.version };
        });
        if (stale.length) throw new HttpError(409, M.stale, stale, STALE);
        if (problems.length) throw badRequest(M.requiredFields, problems);
        const after: ItemRow[] = [];
        for (const { row, changes, write, version } of planned) after.push(write ? await updateItem(ctx.tx, ctx.schedule.projectId, row.id, request.session.user.id, changes, version) : row);
        const images = await imagesOfItems(ctx.tx, ids);
        const saved = after.map((row) => toItemJson(ctx.schedule.projectId, row, images.get(row.id) ?? []));
        return { result: saved, targetId: ctx.schedule.id, details: { items: planned.filter((p) => p.write).length } };
      });
      return { message: M.saved, data: { items } };
    },
  });

  // Images ------------------------------------------------------------------------------------

  app.route({
    ...routeOf(ops.addItemImages),
    handler: async (request, reply) => {
      const { user } = request.session;
      const access = await requireSummaryRowAccess(db, request.session, 'item', request.params.id);
      const item = await summaryWrite(db, access, user.id, 'item.images.added', async (ctx) => {
        const row = await lockedRow(ctx, 'item', request.params.id);
        const projectId = ctx.schedule.projectId;
        const imageIds = request.body.images.map((ref) => imageIdOfRef(ref, projectId));
        const pending = await findPendingScheduleImages(ctx.tx, user.id, projectId, imageIds.filter((id): id is string => !!id));
        const missing = imageIds.findIndex((id) => !id || !pending.has(id));
        if (missing >= 0) throw badRequest(M.imageMissing, [{ path: `images.${missing}`, message: M.imageMissing }]);
        if (new Set(imageIds).size !== imageIds.length) throw badRequest('The same image is listed twice', [{ path: 'images', message: 'The same image is listed twice' }]);
        if ((await countRows(ctx.tx, 'image', row.id)) + imageIds.length > SUMMARY_LIMITS.imagesPerItem) {
          throw conflict(M.imagesMax, [{ path: 'images', message: M.imagesMax }]);
        }
        const toClaim = [...pending.values()].map((upload) => upload.id);
        const claimed = await claimUploads(ctx.tx, user.id, SCHEDULE_IMAGE_KIND, toClaim);
        if (claimed.length !== toClaim.length) throw conflict(M.imageTaken, [{ path: 'images', message: M.imageTaken }]);
        await insertItemImages(ctx.tx, ctx.scope, row.id, imageIds.map((id) => scheduleImageFolder(projectId, id!)));
        return { result: toItemJson(projectId, row, await itemImages(ctx.tx, row.id)), targetId: row.id, details: { images: imageIds.length } };
      });
      return reply.status(201).send({ data: item });
    },
  });

  app.route({
    ...routeOf(ops.deleteItemImage),
    handler: async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'item', request.params.id);
      const { item, folder } = await summaryWrite(db, access, request.session.user.id, 'item.images.deleted', async (ctx) => {
        const row = await lockedRow(ctx, 'item', request.params.id);
        const image = await findItemImage(ctx.tx, row.id, request.params.imageId);
        if (!image) throw notFound('Image not found');
        await deleteRow(ctx.tx, 'image', image.id, row.id);
        return { result: { item: toItemJson(ctx.schedule.projectId, row, await itemImages(ctx.tx, row.id)), folder: image.folder }, targetId: row.id };
      });
      await removeImagesLater(storage, [folder], request.log);
      return { data: item };
    },
  });

  app.route({
    ...routeOf(ops.moveItemImage),
    handler: async (request) => {
      const access = await requireSummaryRowAccess(db, request.session, 'item', request.params.id);
      const item = await summaryWrite(db, access, request.session.user.id, 'item.images.moved', async (ctx) => {
        const row = await lockedRow(ctx, 'item', request.params.id);
        const image = await findItemImage(ctx.tx, row.id, request.params.imageId);
        if (!image) throw notFound('Image not found');
        await moveRow(ctx.tx, ORDER.image, image.id, row.id, request.body.index);
        return { result: toItemJson(ctx.schedule.projectId, row, await itemImages(ctx.tx, row.id)), targetId: row.id };
      });
      return { data: item };
    },
  });
};
