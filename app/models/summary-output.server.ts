import { call, streamApiFile } from '~/utils/api.server';
import type { LibraryProductInput, LibraryProductChanges } from '../../server/contract/library';
import { fillPath } from '../../server/contract/operation';
import type { ScheduleImageSize } from '../../server/contract/schedules-rules';
import { summaryOutputOperations as ops } from '../../server/contract/summary-output-operations';
import type { PrintReply } from '../../server/contract/summary-print';

/**
 * The api calls of the summary's outputs (the PDF's print data; docs/decisions/105), the financial
 * overview and the Project Library, each by its declaration (docs/decisions/370).
 */

/**
 * The print data of a schedule's chosen sections (none = all), images inline as data URLs. The
 * declaration leaves margins optional (hidden from who may not see them, docs/decisions/258); the
 * print reads them as PrintReply has them.
 */
export const getPrintData = async (request: Request, scheduleId: string, sections: readonly string[]) =>
  (await call(request, ops.print, { params: { scheduleId }, query: { sections: sections.join(',') } })) as PrintReply;

/** The firm-wide financial overview (the firm and its sub-admins; 403 for a plain employee). */
export const getFinancialOverview = (request: Request, projectId: string | null) => call(request, ops.financial, { query: projectId ? { projectId } : {} });

/** The Project Library (every employee of the firm). */
export const getLibrary = (request: Request) => call(request, ops.library, {});
export const createLibraryProduct = (request: Request, body: LibraryProductInput) => call(request, ops.createProduct, { json: body });
export const updateLibraryProduct = (request: Request, id: string, body: LibraryProductChanges) => call(request, ops.updateProduct, { params: { id }, json: body });
export const deleteLibraryProduct = (request: Request, id: string) => call(request, ops.deleteProduct, { params: { id } });

/** "Save to library" from the editor: the item's title, description and prices become a product of the firm. */
export const saveItemToLibrary = (request: Request, itemId: string) => call(request, ops.saveItem, { params: { itemId } });
/** "Add from library" in the editor: a new product item at the end of the section. */
export const addLibraryProductToSection = (request: Request, productId: string, sectionId: string) => call(request, ops.addToSection, { params: { id: productId, sectionId } });

/** One variant of a library product's image, streamed from the api with the visitor's session. */
export const streamLibraryImage = (request: Request, imageId: string, size: ScheduleImageSize) => streamApiFile(request, `${fillPath(ops.image.path, { imageId })}?size=${size}`);

/** The browser's url of one variant of a library image: the web's resource route, which streams it with the session. */
export const libraryImageWebUrl = (imageId: string, size: ScheduleImageSize) => `/resources/library-images/${encodeURIComponent(imageId)}?size=${size}`;
