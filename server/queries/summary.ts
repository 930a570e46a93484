import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ScheduleRow } from './schedules.js';
import { formatQuantity } from '../contract/quantity.js';
import {
  ITEM_DEFAULTS,
  itemFigures,
  sumFigures,
  type ItemChanges,
  type SummaryItemJson,
  type SummaryJson,
} from '../contract/summary.js';
import type { SummaryItemType, SummaryStatus } from '../contract/summary-rules.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { schedules, summaryCards, summaryItemImages, summaryItems, summaryRooms, summarySections } from '../db/schema/index.js';
import { scheduleImageJson } from '../services/schedule-images.js';
import { closeGaps, nextPosition, type Ordered } from './positions.js';
import { groupBy } from './rows.js';
import { writeAtVersion } from './versions.js';
import { notFound } from '../errors.js';
import { SUMMARY_MESSAGES } from '../contract/summary-rules.js';

/**
 * Data access of schedule summaries (docs/decisions/100–104): rooms → sections → items, item
 * images and section cards. Reads in one query per table; writes over a transaction that holds
 * the schedule's row lock (`lockSchedule` in queries/schedules.ts), so that structural changes
 * of one schedule run one after the other and positions stay 0..n-1.
 */

export type RoomRow = typeof summaryRooms.$inferSelect;
export type SectionRow = typeof summarySections.$inferSelect;
export type ItemRow = typeof summaryItems.$inferSelect;
export type ItemImageRow = typeof summaryItemImages.$inferSelect;
export type CardRow = typeof summaryCards.$inferSelect;

/** The ordered tables of the summary, each with its parent column (for queries/positions.ts). */
export const ORDER = {
  room: { table: summaryRooms, id: summaryRooms.id, position: summaryRooms.position, parent: summaryRooms.scheduleId },
  section: { table: summarySections, id: summarySections.id, position: summarySections.position, parent: summarySections.roomId },
  item: { table: summaryItems, id: summaryItems.id, position: summaryItems.position, parent: summaryItems.sectionId },
  image: { table: summaryItemImages, id: summaryItemImages.id, position: summaryItemImages.position, parent: summaryItemImages.itemId },
  card: { table: summaryCards, id: summaryCards.id, position: summaryCards.position, parent: summaryCards.sectionId },
} satisfies Record<string, Ordered>;
export type SummaryKind = keyof typeof ORDER;

const TABLES = {
  room: summaryRooms,
  section: summarySections,
  item: summaryItems,
  image: summaryItemImages,
  card: summaryCards,
} as const;

/** The schedule a summary row of `kind` belongs to (for the access check), or undefined. */
export async function findSummaryOwner(db: Database, kind: SummaryKind, id: string): Promise<ScheduleRow | undefined> {
  const table = TABLES[kind];
  const [row] = await db
    .select({ schedule: schedules })
    .from(table)
    .innerJoin(schedules, eq(schedules.id, table.scheduleId))
    .where(eq(table.id, id))
    .limit(1);
  return row?.schedule;
}

// Reads ---------------------------------------------------------------------------------------

export function toItemJson(projectId: string, row: ItemRow, images: readonly ItemImageRow[]): SummaryItemJson {
  return {
    id: row.id,
    sectionId: row.sectionId,
    type: row.type as SummaryItemType,
    position: row.position,
    version: row.version,
    title: row.title,
    description: row.description,
    title1: row.title1,
    description1: row.description1,
    retailPrice: row.retailPrice,
    tradePrice: row.tradePrice,
    quantity: formatQuantity(row.quantityMilli),
    unit: row.unit,
    discountBp: row.discountBp,
    figures: itemFigures(row),
    images: images.map((image) => scheduleImageJson(projectId, image.folder)),
  };
}

/**
 * One schedule's whole summary with every figure and the totals per section, room and schedule:
 * five queries (one per table), whatever its size.
 */
export async function loadSummary(db: Database, schedule: Pick<ScheduleRow, 'id' | 'projectId' | 'title'>): Promise<SummaryJson> {
  const [rooms, sections, items, images, cards] = await Promise.all([
    db.select().from(summaryRooms).where(eq(summaryRooms.scheduleId, schedule.id)).orderBy(asc(summaryRooms.position), asc(summaryRooms.id)),
    db.select().from(summarySections).where(eq(summarySections.scheduleId, schedule.id)).orderBy(asc(summarySections.position), asc(summarySections.id)),
    db.select().from(summaryItems).where(eq(summaryItems.scheduleId, schedule.id)).orderBy(asc(summaryItems.position), asc(summaryItems.id)),
    db.select().from(summaryItemImages).where(eq(summaryItemImages.scheduleId, schedule.id)).orderBy(asc(summaryItemImages.position), asc(summaryItemImages.id)),
    db.select().from(summaryCards).where(eq(summaryCards.scheduleId, schedule.id)).orderBy(asc(summaryCards.position), asc(summaryCards.id)),
  ]);
  const sectionsByRoom = groupBy(sections, (s) => s.roomId);
  const itemsBySection = groupBy(items, (i) => i.sectionId);
  const imagesByItem = groupBy(images, (i) => i.itemId);
  const cardsBySection = groupBy(cards, (c) => c.sectionId);
  const roomsJson = rooms.map((room) => {
    const sectionsJson = (sectionsByRoom.get(room.id) ?? []).map((section) => {
      const itemsJson = (itemsBySection.get(section.id) ?? []).map((item) => toItemJson(schedule.projectId, item, imagesByItem.get(item.id) ?? []));
      return {
        id: section.id,
        roomId: section.roomId,
        title: section.title,
        status: section.status as SummaryStatus,
        position: section.position,
        version: section.version,
        totals: sumFigures(itemsJson.map((i) => i.figures)),
        items: itemsJson,
        cards: (cardsBySection.get(section.id) ?? []).map((c) => ({ id: c.id, sectionId: c.sectionId, title: c.title, description: c.description, position: c.position })),
      };
    });
    return { id: room.id, name: room.name, position: room.position, version: room.version, totals: sumFigures(sectionsJson.map((s) => s.totals)), sections: sectionsJson };
  });
  return {
    schedule: { id: schedule.id, projectId: schedule.projectId, title: schedule.title },
    rooms: roomsJson,
    totals: sumFigures(roomsJson.map((r) => r.totals)),
  };
}

/** Every figure of the summaries of several schedules (the firm's financial overview), by schedule id: one query. */
export async function scheduleTotals(db: Database, scheduleIds: readonly string[]) {
  if (!scheduleIds.length) return new Map<string, ReturnType<typeof sumFigures>>();
  const rows = await db
    .select({ scheduleId: summaryItems.scheduleId, retailPrice: summaryItems.retailPrice, tradePrice: summaryItems.tradePrice, quantityMilli: summaryItems.quantityMilli, discountBp: summaryItems.discountBp })
    .from(summaryItems)
    .innerJoin(summarySections, eq(summarySections.id, summaryItems.sectionId))
    // A section the client rejected is no longer on offer: it counts in no schedule's figures (docs/decisions/417).
    .where(and(inArray(summaryItems.scheduleId, [...scheduleIds]), ne(summarySections.status, 'rejected')));
  const bySchedule = groupBy(rows, (r) => r.scheduleId);
  return new Map(scheduleIds.map((id) => [id, sumFigures((bySchedule.get(id) ?? []).map(itemFigures))]));
}

/** One row by id, locked for the rest of transaction `tx`. */
export async function lockRow<K extends SummaryKind>(tx: Database, kind: K, id: string) {
  // One table at a time: drizzle's types do not follow a union of tables.
  const table = TABLES[kind] as typeof summaryRooms;
  const [row] = await tx.select().from(table).where(eq(table.id, id)).limit(1).for('update');
  return row as unknown as (typeof TABLES)[K]['$inferSelect'] | undefined;
}

export async function countChildren(tx: Database, kind: SummaryKind, parentId: string): Promise<number> {
  return nextPosition(tx, ORDER[kind], parentId);
}

// Writes (each inside a transaction holding the schedule's lock) ------------------------------

type Scope = { scheduleId: string; firmId: string };

export async function insertRoom(tx: Database, scope: Scope, name: string): Promise<RoomRow> {
  const position = await nextPosition(tx, ORDER.room, scope.scheduleId);
  const [row] = await tx.insert(summaryRooms).values({ id: newId(), ...scope, name, position }).returning();
  return row!;
}

export async function insertSection(tx: Database, scope: Scope, roomId: string, title: string): Promise<SectionRow> {
  const position = await nextPosition(tx, ORDER.section, roomId);
  const [row] = await tx.insert(summarySections).values({ id: newId(), ...scope, roomId, title, position }).returning();
  return row!;
}

export async function insertItem(tx: Database, scope: Scope, sectionId: string, type: SummaryItemType, position?: number): Promise<ItemRow> {
  const at = position ?? (await nextPosition(tx, ORDER.item, sectionId));
  const [row] = await tx
    .insert(summaryItems)
    .values({ id: newId(), ...scope, sectionId, type, position: at, ...ITEM_DEFAULTS[type] })
    .returning();
  return row!;
}

/**
 * Whether another room of the schedule already has this name, ignoring case and surrounding space
 * (decision 216): the room selector, the PDF's pages and the Financial overview name rooms only by it.
 */
export async function roomNameTaken(tx: Database, scheduleId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: summaryRooms.id })
    .from(summaryRooms)
    .where(
      and(
        eq(summaryRooms.scheduleId, scheduleId),
        sql`lower(btrim(${summaryRooms.name})) = lower(btrim(${name}))`,
        exceptId ? sql`${summaryRooms.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

const gone = () => notFound(SUMMARY_MESSAGES.notFound);
const roomStaleJson = (row: RoomRow) => ({ id: row.id, name: row.name, version: row.version });
const sectionStaleJson = (row: SectionRow) => ({ id: row.id, title: row.title, status: row.status as SummaryStatus, version: row.version });

/** Renames a room from the version it was read at (docs/decisions/320): 409 when renamed meanwhile. */
export async function updateRoom(tx: Database, id: string, actorId: string, name: string, version: number) {
  await writeAtVersion(tx, summaryRooms, { key: eq(summaryRooms.id, id), version, actorId, set: { name }, toJson: roomStaleJson, missing: gone });
}

/** Renames a section or sets its status from the version it was read at: 409 when changed meanwhile. */
export async function updateSection(tx: Database, id: string, actorId: string, changes: { title?: string; status?: SummaryStatus }, version: number) {
  await writeAtVersion(tx, summarySections, { key: eq(summarySections.id, id), version, actorId, set: changes, toJson: sectionStaleJson, missing: gone });
}

/** Writes an item's changes from the version it was read at and raises its version (409 when changed meanwhile). */
/** An item's changes as written: its texts and figures under the row's column names (the quantity in thousandths). */
export type ItemWrite = Omit<ItemChanges, 'version' | 'quantity'> & { quantityMilli?: number };

export async function updateItem(tx: Database, projectId: string, id: string, actorId: string, changes: ItemWrite, version: number): Promise<ItemRow> {
  return writeAtVersion(tx, summaryItems, {
    key: eq(summaryItems.id, id),
    version,
    actorId,
    set: changes,
    toJson: async (row) => toItemJson(projectId, row, (await imagesOfItems(tx, [row.id])).get(row.id) ?? []),
    missing: gone,
  });
}

/** Deletes a row of `kind` (its children go by cascade) and closes the gap among its siblings. */
export async function deleteRow(tx: Database, kind: SummaryKind, id: string, parentId: string) {
  const table = TABLES[kind];
  await tx.delete(table).where(eq(table.id, id));
  await closeGaps(tx, ORDER[kind], parentId);
}

/** The image folders of an item, or of every item under a section, room or schedule (to delete their files after commit). */
export async function imageFoldersUnder(tx: Database, kind: 'item' | 'section' | 'room', id: string): Promise<string[]> {
  const condition =
    kind === 'item'
      ? eq(summaryItemImages.itemId, id)
      : kind === 'section'
        ? inArray(summaryItemImages.itemId, tx.select({ id: summaryItems.id }).from(summaryItems).where(eq(summaryItems.sectionId, id)))
        : inArray(
            summaryItemImages.itemId,
            tx
              .select({ id: summaryItems.id })
              .from(summaryItems)
              .innerJoin(summarySections, eq(summarySections.id, summaryItems.sectionId))
              .where(eq(summarySections.roomId, id)),
          );
  // In the item's order (what "save to library" copies); any order would do for a delete.
  const rows = await tx.select({ folder: summaryItemImages.folder }).from(summaryItemImages).where(condition).orderBy(asc(summaryItemImages.itemId), asc(summaryItemImages.position));
  return rows.map((r) => r.folder);
}

/** Every image folder of a schedule's summary (deleting the schedule deletes their files). */
export async function summaryImageFolders(db: Database, scheduleId: string): Promise<string[]> {
  const rows = await db.select({ folder: summaryItemImages.folder }).from(summaryItemImages).where(eq(summaryItemImages.scheduleId, scheduleId));
  return rows.map((r) => r.folder);
}

/** Whether a summary item of `projectId`'s schedules shows the image stored in `folder` (may it be served). */
export async function projectHasSummaryImage(db: Database, projectId: string, folder: string): Promise<boolean> {
  const [row] = await db
    .select({ id: summaryItemImages.id })
    .from(summaryItemImages)
    .innerJoin(schedules, eq(schedules.id, summaryItemImages.scheduleId))
    .where(and(eq(summaryItemImages.folder, folder), eq(schedules.projectId, projectId)))
    .limit(1);
  return !!row;
}

/**
 * A copy of an item right after it (its texts and figures; not its images, whose stored files
 * belong to one row each), the items after it shifted down by one.
 */
export async function copyItem(tx: Database, source: ItemRow, sectionId = source.sectionId, position = source.position + 1): Promise<ItemRow> {
  await tx
    .update(summaryItems)
    .set({ position: sql`${summaryItems.position} + 1` })
    .where(and(eq(summaryItems.sectionId, sectionId), sql`${summaryItems.position} >= ${position}`));
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...rest } = source;
  const [row] = await tx
    .insert(summaryItems)
    .values({ ...rest, id: newId(), sectionId, position })
    .returning();
  return row!;
}

/** A copy of a section right after it: title " (copy)", status, items (without images) and cards. */
export async function copySection(tx: Database, source: SectionRow, titleSuffix = ' (copy)'): Promise<SectionRow> {
  await tx
    .update(summarySections)
    .set({ position: sql`${summarySections.position} + 1` })
    .where(and(eq(summarySections.roomId, source.roomId), sql`${summarySections.position} > ${source.position}`));
  const { id: _id, createdAt: _c, ...rest } = source;
  const [section] = await tx
    .insert(summarySections)
    .values({ ...rest, id: newId(), title: `${source.title}${titleSuffix}`.slice(0, 200), position: source.position + 1 })
    .returning();
  const items = await tx.select().from(summaryItems).where(eq(summaryItems.sectionId, source.id));
  if (items.length) {
    await tx.insert(summaryItems).values(
      items.map(({ id: _i, createdAt: _ic, updatedAt: _iu, version: _iv, ...item }) => ({ ...item, id: newId(), sectionId: section!.id })),
    );
  }
  const cards = await tx.select().from(summaryCards).where(eq(summaryCards.sectionId, source.id));
  if (cards.length) {
    await tx.insert(summaryCards).values(cards.map(({ id: _i, createdAt: _cc, ...card }) => ({ ...card, id: newId(), sectionId: section!.id })));
  }
  return section!;
}

export async function insertItemImages(tx: Database, scope: Scope, itemId: string, folders: readonly string[]) {
  const start = await nextPosition(tx, ORDER.image, itemId);
  if (folders.length) {
    await tx.insert(summaryItemImages).values(folders.map((folder, i) => ({ id: newId(), ...scope, itemId, folder, position: start + i })));
  }
}

export async function findItemImage(tx: Database, itemId: string, imageId: string): Promise<ItemImageRow | undefined> {
  const rows = await tx.select().from(summaryItemImages).where(eq(summaryItemImages.itemId, itemId));
  return rows.find((r) => r.folder.endsWith(`/${imageId}`));
}

export async function insertCard(tx: Database, scope: Scope, sectionId: string, card: { title: string; description: string }): Promise<CardRow> {
  const position = await nextPosition(tx, ORDER.card, sectionId);
  const [row] = await tx.insert(summaryCards).values({ id: newId(), ...scope, sectionId, ...card, position }).returning();
  return row!;
}

export async function updateCard(tx: Database, id: string, changes: { title?: string; description?: string }) {
  if (Object.keys(changes).length) await tx.update(summaryCards).set(changes).where(eq(summaryCards.id, id));
}

/** Items of a schedule by id, locked (Save all), in id order so that two saves lock in the same order. */
export async function lockItems(tx: Database, scheduleId: string, ids: readonly string[]): Promise<ItemRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(summaryItems)
    .where(and(eq(summaryItems.scheduleId, scheduleId), inArray(summaryItems.id, [...ids])))
    .orderBy(asc(summaryItems.id))
    .for('update');
}

export async function countRows(tx: Database, kind: SummaryKind, parentId: string): Promise<number> {
  const o = ORDER[kind];
  const [row] = await tx.select({ n: count() }).from(o.table).where(eq(o.parent, parentId));
  return Number(row?.n ?? 0);
}

/** The images of several items in one query, in order, by item. */
export async function imagesOfItems(tx: Database, itemIds: readonly string[]): Promise<Map<string, ItemImageRow[]>> {
  if (!itemIds.length) return new Map();
  const rows = await tx.select().from(summaryItemImages).where(inArray(summaryItemImages.itemId, [...itemIds])).orderBy(asc(summaryItemImages.position));
  return groupBy(rows, (row) => row.itemId);
}
