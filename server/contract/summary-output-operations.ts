import { z } from 'zod/v4';
import { FinancialQuery, FinancialReply } from './financial.js';
import { ErrorReply, IdParams, MessageReply } from './http.js';
import { AddToSectionParams, ItemIdParams, LibraryImageParams, LibraryListReply, LibraryProductBody, LibraryProductChanges, LibraryProductReply, LibraryProductStaleReply } from './library.js';
import { binary, operationsOf } from './operation.js';
import { ScheduleImageQuery } from './schedules.js';
import { ScheduleIdParams } from './share-links.js';
import { PrintQuery, SeenPrintReply } from './summary-print.js';

/**
 * The summary's outputs (docs/decisions/105): a schedule's print data, the firm's financial
 * overview and the Project Library, each operation declared once (docs/decisions/370). The api
 * registers them (server/routes/projects/schedules/print.ts, projects/financial, projects/library)
 * and the web calls them (app/models/summary-output.server.ts). Where margins are hidden from the
 * caller, a body that sets one answers 403 (docs/decisions/258).
 */

const libraryOp = operationsOf('workspace', ['project library']);
const summaryOp = operationsOf('workspace', ['summary']);
/** A body past its limit (413, docs/decisions/067) or not JSON (415). */
const bodyErrors = { 413: ErrorReply, 415: ErrorReply } as const;

export const summaryOutputOperations = {
  print: summaryOp({
    method: 'GET',
    path: '/projects/schedules/:scheduleId/print',
    summary: "The print data of a schedule's summary (chosen sections, names, images as data URLs) for its PDF",
    params: ScheduleIdParams,
    query: PrintQuery,
    replies: { 200: SeenPrintReply, 404: ErrorReply },
  }),
  financial: summaryOp({
    method: 'GET',
    path: '/projects/financial',
    summary: "The firm's client price, trade cost, net profit and markup per project and schedule, with totals (?projectId= filters)",
    query: FinancialQuery,
    replies: { 200: FinancialReply, 404: ErrorReply },
  }),
  library: libraryOp({ method: 'GET', path: '/projects/library', summary: "The firm's saved products, by title", replies: { 200: LibraryListReply, 404: ErrorReply } }),
  createProduct: libraryOp({ method: 'POST', path: '/projects/library', summary: 'Save a product', body: LibraryProductBody, replies: { 201: LibraryProductReply, 404: ErrorReply, 409: ErrorReply, ...bodyErrors } }),
  updateProduct: libraryOp({
    method: 'PUT',
    path: '/projects/library/:id',
    summary: 'Change a product from the `version` read; 409 with the current product when changed meanwhile',
    params: IdParams,
    body: LibraryProductChanges,
    replies: { 200: LibraryProductReply, 404: ErrorReply, 409: LibraryProductStaleReply, ...bodyErrors },
  }),
  deleteProduct: libraryOp({ method: 'DELETE', path: '/projects/library/:id', summary: 'Delete a product (items made from it stay)', params: IdParams, replies: { 200: MessageReply, 404: ErrorReply } }),
  saveItem: libraryOp({
    method: 'POST',
    path: '/projects/library/from-item/:itemId',
    summary: "Save a summary item's title, description, prices and images (copied) as a product",
    params: ItemIdParams,
    replies: { 201: LibraryProductReply, 404: ErrorReply, 409: ErrorReply },
  }),
  addToSection: libraryOp({
    method: 'POST',
    path: '/projects/library/:id/add-to-section/:sectionId',
    summary: 'Add a product to a section of a schedule as a new product item (at its end), with copies of its images',
    params: AddToSectionParams,
    replies: { 201: LibraryProductReply.extend({ itemId: z.string() }), 404: ErrorReply, 409: ErrorReply },
  }),
  image: libraryOp({
    method: 'GET',
    path: '/projects/library/images/:imageId',
    summary: "One variant of a library product's image (WebP; ?size=480, 960 or 1600), for everyone of the firm",
    params: LibraryImageParams,
    query: ScheduleImageQuery,
    replies: { 200: binary('image/webp'), 206: binary('image/webp'), 404: ErrorReply, 416: ErrorReply },
  }),
} as const;
