import type { z } from 'zod/v4';
import { api } from '~/utils/api.server';
import type {
  ItemChanges,
  SaveAllReply,
  SeenSummaryReply,
  SummaryItemReply,
  SummaryItemType,
  SummaryStatus,
  SummaryWriteReply,
} from '../../server/contract/summary';

/**
 * The api calls of a schedule's summary (/api/projects/summary…): the only place the web writes
 * their paths and reply types.
 */

const e = encodeURIComponent;
const write = (request: Request, method: 'POST' | 'PUT' | 'DELETE', path: string, json?: object) =>
  api<SummaryWriteReply>(request, `/projects/summary/${path}`, { method, ...(json ? { json } : {}) });

export const addRoom = (request: Request, scheduleId: string, name: string) => write(request, 'POST', `${e(scheduleId)}/rooms`, { name });
export const renameRoom = (request: Request, id: string, name: string, version: number) => write(request, 'PUT', `rooms/${e(id)}`, { name, version });
export const deleteRoom = (request: Request, id: string) => write(request, 'DELETE', `rooms/${e(id)}`);

export const addSection = (request: Request, roomId: string, title?: string) => write(request, 'POST', `rooms/${e(roomId)}/sections`, title ? { title } : {});
export const updateSection = (request: Request, id: string, changes: { title?: string; status?: SummaryStatus; version: number }) =>
  write(request, 'PUT', `sections/${e(id)}`, changes);
export const deleteSection = (request: Request, id: string) => write(request, 'DELETE', `sections/${e(id)}`);
export const copySection = (request: Request, id: string) => write(request, 'POST', `sections/${e(id)}/copy`, {});

export const addCard = (request: Request, sectionId: string, card: { title: string; description?: string }) =>
  write(request, 'POST', `sections/${e(sectionId)}/cards`, card);
export const deleteCard = (request: Request, id: string) => write(request, 'DELETE', `cards/${e(id)}`);

export const addItem = (request: Request, sectionId: string, type: SummaryItemType) => write(request, 'POST', `sections/${e(sectionId)}/items`, { type });
export const updateItem = (request: Request, id: string, changes: ItemChanges) =>
  api<SummaryItemReply>(request, `/projects/summary/items/${e(id)}`, { method: 'PUT', json: changes });
export const saveAllItems = (request: Request, scheduleId: string, items: Array<ItemChanges & { id: string }>) =>
  api<SaveAllReply>(request, `/projects/summary/${e(scheduleId)}/items`, { method: 'PUT', json: { items } });
export const deleteItem = (request: Request, id: string) => write(request, 'DELETE', `items/${e(id)}`);
export const copyItem = (request: Request, id: string) => write(request, 'POST', `items/${e(id)}/copy`, {});

/** A move of a room, section or item to `index` (of another parent when `parentId` is given). */
export const moveSummaryRow = (request: Request, kind: 'rooms' | 'sections' | 'items', id: string, index: number, parentId?: string) =>
  write(request, 'POST', `${kind}/${e(id)}/move`, { index, ...(parentId ? { parentId } : {}) });

export const addItemImages = (request: Request, itemId: string, images: string[]) =>
  api<SummaryItemReply>(request, `/projects/summary/items/${e(itemId)}/images`, { method: 'POST', json: { images } });
export const deleteItemImage = (request: Request, itemId: string, imageId: string) =>
  api<SummaryItemReply>(request, `/projects/summary/items/${e(itemId)}/images/${e(imageId)}`, { method: 'DELETE' });

/**
 * A schedule's approved sections with their priced items (New invoice's "chosen sections or items",
 * docs/decisions/280): the only items an invoice may take.
 */
export async function getApprovedSections(request: Request, scheduleId: string) {
  const reply = await api<z.infer<typeof SeenSummaryReply>>(request, `/projects/summary/${e(scheduleId)}`);
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
