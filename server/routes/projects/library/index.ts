import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../../auth/firm.js';
import { canSeeMargins, guardMargins } from '../../../auth/margins.js';
import { BODY_LIMITS } from '../../../body-limits.js';
import { isId } from '../../../contract/http.js';
import { LIBRARY_MAX, LIBRARY_MESSAGES } from '../../../contract/library.js';
import { summaryOutputOperations as ops } from '../../../contract/summary-output-operations.js';
import { SUMMARY_LIMITS, SUMMARY_MESSAGES } from '../../../contract/summary.js';
import { conflict, notFound } from '../../../errors.js';
import { recordAudit } from '../../../queries/audit.js';
import {
  countLibrary,
  deleteLibraryProduct,
  findLibraryProduct,
  findSummaryItem,
  insertLibraryProduct,
  libraryHasImage,
  listLibrary,
  toLibraryJson,
  updateLibraryProduct,
} from '../../../queries/library.js';
import { countRows, imageFoldersUnder, insertItem, insertItemImages, updateItem } from '../../../queries/summary.js';
import { requireSummaryRowAccess } from '../../../auth/schedule-access.js';
import { SCHEDULE_IMAGE_ID, type ScheduleImageSize } from '../../../contract/schedules-rules.js';
import { sendImageVariant } from '../../../files/send-stored-file.js';
import { copyItemImagesToLibrary, copyLibraryImagesToProject, libraryImageFolder } from '../../../services/library-images.js';
import { removeImagesLater, scheduleVariantKey } from '../../../services/schedule-images.js';
import { lockedRow, summaryWrite } from '../summary/write.js';
import { routeOf } from '../../declared.js';

/**
 * The Project Library (docs/decisions/108), scope `workspace`: the firm's saved
 * products, used by everyone of the firm (`requireFirmAccess(…, 'work')`); another firm's product
 * answers 404. "Save to library" takes an item the caller may work on; "add from library" writes a
 * product item into a section through the summary's own write path (the schedule's lock, audit).
 */


export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  // Products carry trade prices: shown to, and set by, only those who see margins.
  guardMargins(app);

  /**
   * Runs `write` with image copies already made, and deletes the copies when it fails, so a
   * refused or failed write leaves no stored file behind (docs/decisions/150).
   */
  async function withCopies<T>(copies: string[], write: () => Promise<T>, log: { error: (obj: object, msg: string) => void }): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await removeImagesLater(storage, copies, log);
      throw error;
    }
  }

  const audit = (firmId: string, actorId: string, action: string, targetId: string, details: Record<string, unknown> = {}) =>
    recordAudit(db, { actorId, firmId, action: `library.${action}`, targetType: 'library-product', targetId, details });

  async function ownProduct(firmId: string, id: string) {
    const row = isId(id) ? await findLibraryProduct(db, firmId, id) : undefined;
    if (!row) throw notFound(LIBRARY_MESSAGES.notFound);
    return row;
  }

  async function roomForOne(firmId: string) {
    if ((await countLibrary(db, firmId)) >= LIBRARY_MAX) throw conflict(LIBRARY_MESSAGES.tooMany);
  }

  app.route({
    ...routeOf(ops.library),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      return { data: { products: (await listLibrary(db, firm.firmId)).map(toLibraryJson), canSeeMargins: canSeeMargins(request.session.user) } };
    },
  });

  app.route({
    ...routeOf(ops.createProduct),
    bodyLimit: BODY_LIMITS.item,
    handler: async (request, reply) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      await roomForOne(firm.firmId);
      const row = await insertLibraryProduct(db, firm.firmId, user.id, request.body);
      await audit(firm.firmId, user.id, 'created', row.id, { title: row.title });
      return reply.status(201).send({ data: toLibraryJson(row) });
    },
  });

  app.route({
    ...routeOf(ops.updateProduct),
    bodyLimit: BODY_LIMITS.item,
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      await ownProduct(firm.firmId, request.params.id);
      const { version, ...fields } = request.body;
      const row = await updateLibraryProduct(db, firm.firmId, request.params.id, user.id, fields, version);
      await audit(firm.firmId, user.id, 'updated', row.id);
      return { data: toLibraryJson(row) };
    },
  });

  app.route({
    ...routeOf(ops.deleteProduct),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      const row = isId(request.params.id) ? await deleteLibraryProduct(db, firm.firmId, request.params.id) : undefined;
      if (!row) throw notFound(LIBRARY_MESSAGES.notFound);
      await audit(firm.firmId, user.id, 'deleted', row.id, { title: row.title });
      // Its own copies only: items made from it keep theirs.
      await removeImagesLater(storage, row.images, request.log);
      return { message: LIBRARY_MESSAGES.deleted };
    },
  });

  app.route({
    ...routeOf(ops.saveItem),
    handler: async (request, reply) => {
      const { user } = request.session;
      const { access } = await requireSummaryRowAccess(db, request.session, 'item', request.params.itemId);
      const item = await findSummaryItem(db, request.params.itemId);
      if (!item) throw notFound(SUMMARY_MESSAGES.notFound);
      await roomForOne(access.firm.firmId);
      const images = await copyItemImagesToLibrary(storage, await imageFoldersUnder(db, 'item', item.id), access.firm.firmId);
      const row = await withCopies(
        images,
        () =>
          insertLibraryProduct(db, access.firm.firmId, user.id, {
            title: item.title.trim() || 'Product',
            description: item.description,
            retailPrice: item.retailPrice,
            tradePrice: item.tradePrice,
            images,
          }),
        request.log,
      );
      await audit(access.firm.firmId, user.id, 'saved-from-item', row.id, { itemId: item.id, scheduleId: item.scheduleId, images: images.length });
      return reply.status(201).send({ data: toLibraryJson(row) });
    },
  });

  app.route({
    ...routeOf(ops.addToSection),
    handler: async (request, reply) => {
      const { user } = request.session;
      const target = await requireSummaryRowAccess(db, request.session, 'section', request.params.sectionId);
      const product = await ownProduct(target.access.firm.firmId, request.params.id);
      const images = await copyLibraryImagesToProject(storage, product.images.slice(0, SUMMARY_LIMITS.imagesPerItem), target.schedule.projectId);
      const write = () =>
        summaryWrite(db, target, user.id, 'item-from-library', async (ctx) => {
          const section = await lockedRow(ctx, 'section', request.params.sectionId);
          if ((await countRows(ctx.tx, 'item', section.id)) >= SUMMARY_LIMITS.itemsPerSection) throw conflict(SUMMARY_MESSAGES.itemsMax);
          const item = await insertItem(ctx.tx, ctx.scope, section.id, 'product');
          await updateItem(ctx.tx, ctx.schedule.projectId, item.id, user.id, { title: product.title, description: product.description, retailPrice: product.retailPrice, tradePrice: product.tradePrice }, item.version);
          await insertItemImages(ctx.tx, ctx.scope, item.id, images);
          return { result: item.id, targetId: item.id, details: { libraryProductId: product.id, images: images.length } };
        });
      const itemId = await withCopies(images, write, request.log);
      return reply.status(201).send({ data: toLibraryJson(product), itemId });
    },
  });

  app.route({
    ...routeOf(ops.image),
    handler: async (request, reply) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      const { imageId } = request.params;
      const folder = libraryImageFolder(firm.firmId, imageId);
      if (!SCHEDULE_IMAGE_ID.test(imageId) || !(await libraryHasImage(db, firm.firmId, folder))) throw notFound(LIBRARY_MESSAGES.imageNotFound);
      const size = request.query.size as ScheduleImageSize;
      return sendImageVariant(reply, request, { key: scheduleVariantKey(folder, size), name: `library-image-${size}`, notFoundMessage: LIBRARY_MESSAGES.imageNotFound });
    },
  });
};
