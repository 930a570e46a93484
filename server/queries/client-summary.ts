import { and, eq, sql } from 'drizzle-orm';
import type { ClientItem, ClientRoom } from '../contract/share-links.js';
import type { ShareDecision } from '../contract/share-links-rules.js';
import type { SummaryItemJson } from '../contract/summary.js';
import type { Database } from '../db/connection.js';
import { summaryItemImages, summaryItems, summarySections } from '../db/schema/index.js';
import { loadSummary } from './summary.js';

/**
 * The client's view of a schedule's summary (docs/decisions/106) and the one write a client may
 * make (a section's status). The view is built field by field from the summary: trade price,
 * trade cost, net profit and markup are never copied, so they cannot reach the client.
 */

export type ClientSectionRef = { id: string; name: string };

/** An image url under the link's token, at a size. */
export type ClientImageUrl = (imageId: string, size?: 480 | 960) => string;

function clientItem(item: SummaryItemJson, imageUrl: ClientImageUrl): ClientItem {
  const priced = item.type === 'financial' || item.retailPrice > 0;
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    description: item.description,
    title1: item.title1,
    description1: item.description1,
    images: item.images.map((image) => ({
      id: image.id,
      url: imageUrl(image.id),
      w480: imageUrl(image.id, 480),
      w960: imageUrl(image.id, 960),
      width: image.width,
      height: image.height,
    })),
    price: priced
      ? { retailPrice: item.retailPrice, quantity: item.quantity, unit: item.unit, discountPercent: item.discountBp / 100, clientPrice: item.figures.clientPrice }
      : null,
    decision: null,
    history: [],
  };
}

export async function clientRooms(db: Database, schedule: { id: string; projectId: string; title: string }, imageUrl: ClientImageUrl): Promise<ClientRoom[]> {
  const summary = await loadSummary(db, schedule);
  return summary.rooms.map((room) => ({
    id: room.id,
    name: room.name,
    clientPrice: room.totals.clientPrice,
    sections: room.sections.map((section) => ({
      id: section.id,
      name: section.title,
      status: section.status,
      items: section.items.map((item) => clientItem(item, imageUrl)),
      cards: section.cards.map((card) => ({ id: card.id, title: card.title, description: card.description })),
      clientPrice: section.totals.clientPrice,
      decision: null,
      history: [],
    })),
  }));
}

/** The section of `scheduleId` named `sectionId`, locked for the decision's transaction. */
export async function lockClientSection(tx: Database, scheduleId: string, sectionId: string): Promise<ClientSectionRef | undefined> {
  const [row] = await tx
    .select({ id: summarySections.id, name: summarySections.title })
    .from(summarySections)
    .where(and(eq(summarySections.id, sectionId), eq(summarySections.scheduleId, scheduleId)))
    .limit(1)
    .for('update');
  return row;
}

/** The section's status after the client's decision on the whole section: Approved or Rejected. */
export async function setClientSectionStatus(tx: Database, sectionId: string, decision: ShareDecision): Promise<string> {
  const status = decision === 'approved' ? 'approved' : 'rejected';
  await writeClientSectionStatus(tx, sectionId, status);
  return status;
}

/** A status the client's decisions gave the section. */
export async function writeClientSectionStatus(tx: Database, sectionId: string, status: string): Promise<void> {
  // A new version: a firm person's change from before the client's decision answers 409 instead of undoing it (docs/decisions/320).
  await tx
    .update(summarySections)
    .set({ status, version: sql`${summarySections.version} + 1`, updatedAt: new Date(), updatedBy: null })
    .where(eq(summarySections.id, sectionId));
}

/** An item's name in the client's words: its title, else its second title or description, else "Item". */
const itemNameOf = (item: { title: string; title1: string; description: string }) => (item.title || item.title1 || item.description).slice(0, 200) || 'Item';

/**
 * An item of the schedule and its section, the section locked for the transaction: decisions on
 * one section take turns, so each sees the ones before it (docs/decisions/412). Undefined when the
 * item is not (or no longer) part of the schedule.
 */
export async function lockClientItem(tx: Database, scheduleId: string, itemId: string) {
  const [row] = await tx
    .select({ id: summaryItems.id, title: summaryItems.title, title1: summaryItems.title1, description: summaryItems.description, sectionId: summarySections.id, sectionName: summarySections.title, sectionStatus: summarySections.status })
    .from(summaryItems)
    .innerJoin(summarySections, eq(summarySections.id, summaryItems.sectionId))
    .where(and(eq(summaryItems.id, itemId), eq(summarySections.scheduleId, scheduleId)))
    .limit(1)
    .for('update', { of: summarySections });
  if (!row) return undefined;
  return { item: { id: row.id, name: itemNameOf(row) }, section: { id: row.sectionId, name: row.sectionName, status: row.sectionStatus } };
}

/** The ids of a section's items. */
export async function itemIdsOfSection(tx: Database, sectionId: string): Promise<string[]> {
  const rows = await tx.select({ id: summaryItems.id }).from(summaryItems).where(eq(summaryItems.sectionId, sectionId));
  return rows.map((r) => r.id);
}

/** Whether the stored image `folder` belongs to an item of the schedule (what a link may show). */
export async function scheduleHasItemImage(db: Database, scheduleId: string, folder: string): Promise<boolean> {
  const [row] = await db
    .select({ id: summaryItemImages.id })
    .from(summaryItemImages)
    .where(and(eq(summaryItemImages.scheduleId, scheduleId), eq(summaryItemImages.folder, folder)))
    .limit(1);
  return !!row;
}
