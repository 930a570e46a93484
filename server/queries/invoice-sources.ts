import { and, asc, eq, inArray } from 'drizzle-orm';
import { PRICED_ITEM_TYPES } from '../contract/billing-rules.js';
import type { Database } from '../db/connection.js';
import { projects, schedules, summaryItems, summaryRooms, summarySections } from '../db/schema/index.js';

/**
 * What an invoice is made from (docs/decisions/280): a schedule of one of the firm's workspace
 * projects, and the priced items of its approved sections, in the summary's order.
 */

export async function findFirmProject(db: Database, firmId: string, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, projectName: projects.projectName })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, firmId), eq(projects.isPrivate, true)))
    .limit(1);
  return row;
}

export async function findFirmSchedule(db: Database, firmId: string, scheduleId: string) {
  const [row] = await db
    .select({ id: schedules.id, title: schedules.title, projectId: schedules.projectId })
    .from(schedules)
    .innerJoin(projects, eq(projects.id, schedules.projectId))
    .where(and(eq(schedules.id, scheduleId), eq(projects.userId, firmId), eq(projects.isPrivate, true)))
    .limit(1);
  return row;
}

export type SourceItem = {
  id: string;
  sectionId: string;
  sectionStatus: string;
  type: string;
  title: string;
  description: string;
  retailPrice: number;
  /** Thousandths of `unit` (decision 403). */
  quantityMilli: number;
  unit: string;
  discountBp: number;
};

/** Every priced item of the schedule with its section's status, rooms, sections and items in order. */
export async function pricedItemsOfSchedule(db: Database, scheduleId: string): Promise<SourceItem[]> {
  return db
    .select({
      id: summaryItems.id,
      sectionId: summaryItems.sectionId,
      sectionStatus: summarySections.status,
      type: summaryItems.type,
      title: summaryItems.title,
      description: summaryItems.description,
      retailPrice: summaryItems.retailPrice,
      quantityMilli: summaryItems.quantityMilli,
      unit: summaryItems.unit,
      discountBp: summaryItems.discountBp,
    })
    .from(summaryItems)
    .innerJoin(summarySections, eq(summarySections.id, summaryItems.sectionId))
    .innerJoin(summaryRooms, eq(summaryRooms.id, summarySections.roomId))
    .where(and(eq(summaryItems.scheduleId, scheduleId), inArray(summaryItems.type, [...PRICED_ITEM_TYPES])))
    .orderBy(asc(summaryRooms.position), asc(summarySections.position), asc(summaryItems.position));
}
