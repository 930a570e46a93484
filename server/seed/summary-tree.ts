import { wholeQuantity } from '../contract/quantity.js';
import type { SummaryItemType, SummaryStatus } from '../contract/summary-rules.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { summaryItemImages, summaryItems, summaryRooms, summarySections } from '../db/schema/index.js';

/**
 * A whole summary written at once (tests, the bench, demo data of the summary's outputs): rooms →
 * sections → items, with item images naming stored folders. Positions follow the lists' order.
 */

export type TreeItem = {
  type?: SummaryItemType;
  title?: string;
  description?: string;
  title1?: string;
  description1?: string;
  retailPrice?: number;
  tradePrice?: number;
  /** Whole units, or thousandths with `quantityMilli` (12.5 MTR: 12500; decision 403). */
  quantity?: number;
  quantityMilli?: number;
  unit?: string;
  discountBp?: number;
  /** Stored image folders (`schedules/<projectId>/<imageId>`). */
  images?: string[];
};
export type TreeSection = { title: string; status?: SummaryStatus; items?: TreeItem[] };
export type TreeRoom = { name: string; sections: TreeSection[] };

export type BuiltTree = { rooms: Array<{ id: string; name: string; sections: Array<{ id: string; title: string; items: string[] }> }> };

export async function createSummaryTree(db: Database, scope: { scheduleId: string; firmId: string }, rooms: TreeRoom[]): Promise<BuiltTree> {
  const roomRows: Array<typeof summaryRooms.$inferInsert> = [];
  const sectionRows: Array<typeof summarySections.$inferInsert> = [];
  const itemRows: Array<typeof summaryItems.$inferInsert> = [];
  const imageRows: Array<typeof summaryItemImages.$inferInsert> = [];
  const built: BuiltTree = { rooms: [] };
  rooms.forEach((room, r) => {
    const roomId = newId();
    roomRows.push({ id: roomId, ...scope, name: room.name, position: r });
    const builtRoom = { id: roomId, name: room.name, sections: [] as BuiltTree['rooms'][number]['sections'] };
    room.sections.forEach((section, s) => {
      const sectionId = newId();
      sectionRows.push({ id: sectionId, ...scope, roomId, title: section.title, status: section.status ?? 'none', position: s });
      const items: string[] = [];
      (section.items ?? []).forEach((item, i) => {
        const itemId = newId();
        items.push(itemId);
        itemRows.push({
          id: itemId,
          ...scope,
          sectionId,
          type: item.type ?? 'product',
          position: i,
          title: item.title ?? '',
          description: item.description ?? '',
          title1: item.title1 ?? '',
          description1: item.description1 ?? '',
          retailPrice: item.retailPrice ?? 0,
          tradePrice: item.tradePrice ?? 0,
          quantityMilli: item.quantityMilli ?? wholeQuantity(item.quantity ?? 1),
          unit: item.unit ?? 'NOS',
          discountBp: item.discountBp ?? 0,
        });
        (item.images ?? []).forEach((folder, p) => imageRows.push({ id: newId(), ...scope, itemId, folder, position: p }));
      });
      builtRoom.sections.push({ id: sectionId, title: section.title, items });
    });
    built.rooms.push(builtRoom);
  });
  if (roomRows.length) await db.insert(summaryRooms).values(roomRows);
  if (sectionRows.length) await db.insert(summarySections).values(sectionRows);
  for (let i = 0; i < itemRows.length; i += 500) await db.insert(summaryItems).values(itemRows.slice(i, i + 500));
  if (imageRows.length) await db.insert(summaryItemImages).values(imageRows);
  return built;
}
