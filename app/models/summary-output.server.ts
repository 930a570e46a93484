import { api, streamApiFile } from '~/utils/api.server';
import type { FinancialReply } from '../../server/contract/financial';
import type { LibraryListReply, LibraryProductInput, LibraryProductChanges, LibraryProductReply } from '../../server/contract/library';
import type { ScheduleImageSize } from '../../server/contract/schedules-rules';
import type { PrintReply } from '../../server/contract/summary-print';

/**
 * The api calls of the summary's outputs (the PDF's print data; docs/decisions/105): the only place
 * the web writes their paths and reply types.
 */

/** The print data of a schedule's chosen sections (none = all), images inline as data URLs. */
export const getPrintData = (request: Request, scheduleId: string, sections: readonly string[]) =>
  api<PrintReply>(request, `/projects/schedules/${encodeURIComponent(scheduleId)}/print`, { query: { sections: sections.join(',') } });

/** The firm-wide financial overview (the firm and its sub-admins; 403 for a plain employee). */
export const getFinancialOverview = (request: Request, projectId: string | null) =>
  api<FinancialReply>(request, '/projects/financial', { query: { projectId } });

/** The Project Library (every employee of the firm). */
export const getLibrary = (request: Request) => api<LibraryListReply>(request, '/projects/library');
export const createLibraryProduct = (request: Request, body: LibraryProductInput) =>
  api<LibraryProductReply>(request, '/projects/library', { method: 'POST', json: body });
export const updateLibraryProduct = (request: Request, id: string, body: LibraryProductChanges) =>
  api<LibraryProductReply>(request, `/projects/library/${encodeURIComponent(id)}`, { method: 'PUT', json: body });
export const deleteLibraryProduct = (request: Request, id: string) => api<{ message: string }>(request, `/projects/library/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** "Save to library" from the editor: the item's title, description and prices become a product of the firm. */
export const saveItemToLibrary = (request: Request, itemId: string) =>
  api<LibraryProductReply>(request, `/projects/library/from-item/${encodeURIComponent(itemId)}`, { method: 'POST' });
/** "Add from library" in the editor: a new product item at the end of the section. */
export const addLibraryProductToSection = (request: Request, productId: string, sectionId: string) =>
  api<LibraryProductReply & { itemId: string }>(request, `/projects/library/${encodeURIComponent(productId)}/add-to-section/${encodeURIComponent(sectionId)}`, { method: 'POST' });

/** One variant of a library product's image, streamed from the api with the visitor's session. */
export const streamLibraryImage = (request: Request, imageId: string, size: ScheduleImageSize) =>
  streamApiFile(request, `/projects/library/images/${encodeURIComponent(imageId)}?size=${size}`);

/** The browser's url of one variant of a library image: the web's resource route, which streams it with the session. */
export const libraryImageWebUrl = (imageId: string, size: ScheduleImageSize) => `/resources/library-images/${encodeURIComponent(imageId)}?size=${size}`;
