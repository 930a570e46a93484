import { call } from '~/utils/api.server';
import { summaryOperations as ops, type ItemChangesInput, type SummaryItemType, type SummaryStatus } from '../../server/contract/summary';

/**
 * The api calls of a schedule's summary (/api/projects/summary…), each by its declaration
 * (server/contract/summary.ts `summaryOperations`, docs/decisions/370).
 */

export const addRoom = (request: Request, scheduleId: string, name: string) => call(request, ops.addRoom, { params: { scheduleId }, json: { name } });
export const renameRoom = (request: Request, id: string, name: string, version: number) => call(request, ops.renameRoom, { params: { id }, json: { name, version } });
export const deleteRoom = (request: Request, id: string) => call(request, ops.deleteRoom, { params: { id } });

export const addSection = (request: Request, roomId: string, title?: string) => call(request, ops.addSection, { params: { id: roomId }, json: title ? { title } : {} });
export const updateSection = (request: Request, id: string, changes: { title?: string; status?: SummaryStatus; version: number }) =>
  call(request, ops.updateSection, { params: { id }, json: changes });
export const deleteSection = (request: Request, id: string) => call(request, ops.deleteSection, { params: { id } });
export const copySection = (request: Request, id: string) => call(request, ops.copySection, { params: { id } });

export const addCard = (request: Request, sectionId: string, card: { title: string; description?: string }) => call(request, ops.addCard, { params: { id: sectionId }, json: card });
export const deleteCard = (request: Request, id: string) => call(request, ops.deleteCard, { params: { id } });

export const addItem = (request: Request, sectionId: string, type: SummaryItemType) => call(request, ops.addItem, { params: { id: sectionId }, json: { type } });
export const updateItem = (request: Request, id: string, changes: ItemChangesInput) => call(request, ops.updateItem, { params: { id }, json: changes });
export const saveAllItems = (request: Request, scheduleId: string, items: Array<ItemChangesInput & { id: string }>) => call(request, ops.saveAll, { params: { scheduleId }, json: { items } });
export const deleteItem = (request: Request, id: string) => call(request, ops.deleteItem, { params: { id } });
export const copyItem = (request: Request, id: string) => call(request, ops.copyItem, { params: { id } });

const MOVES = { rooms: ops.moveRoom, sections: ops.moveSection, items: ops.moveItem } as const;

/** A move of a room, section or item to `index` (of another parent when `parentId` is given). */
export const moveSummaryRow = (request: Request, kind: keyof typeof MOVES, id: string, index: number, parentId?: string) =>
  call(request, MOVES[kind], { params: { id }, json: { index, ...(parentId ? { parentId } : {}) } });

export const addItemImages = (request: Request, itemId: string, images: string[]) => call(request, ops.addItemImages, { params: { id: itemId }, json: { images } });
export const deleteItemImage = (request: Request, itemId: string, imageId: string) => call(request, ops.deleteItemImage, { params: { id: itemId, imageId } });

/**
 * A schedule's approved sections with their priced items (New invoice's "chosen sections or items",
 * docs/decisions/280): the only items an invoice may take.
 */
export async function getApprovedSections(request: Request, scheduleId: string) {
  const reply = await call(request, ops.get, { params: { scheduleId } });
  return reply.data.rooms.flatMap((room) =>
    room.sections
      .filter((section) => section.status === 'approved')
      .map((section) => ({
        id: section.id,
        title: `${room.name}: ${section.title}`,
        clientPrice: section.totals.clientPrice,
        items: section.items.filter((i) => i.figures.clientPrice > 0).map((i) => ({ id: i.id, title: i.title || i.type, clientPrice: i.figures.clientPrice })),
      })),
  );
}
