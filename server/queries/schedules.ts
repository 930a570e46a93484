import { and, count, desc, eq, sql } from 'drizzle-orm';
import { SCHEDULE_MESSAGES, type Schedule } from '../contract/schedules.js';
import { notFound } from '../errors.js';
import { writeAtVersion } from './versions.js';
import type { Database } from '../db/connection.js';
import { schedules, summaryItemImages } from '../db/schema/index.js';
import { scheduleImageJson, scheduleImageKeys } from '../services/schedule-images.js';

/** Data access of project schedules (docs/decisions/088): every query over `db` or a transaction. */

export type ScheduleRow = typeof schedules.$inferSelect;
/** A new row; `createdAt` and `updatedAt` default to now (the seed dates its schedules in the past). */
export type NewSchedule = Pick<typeof schedules.$inferInsert, 'id' | 'projectId' | 'userId' | 'title' | 'description' | 'images' | 'createdAt' | 'updatedAt'>;
export type ScheduleChanges = Partial<Pick<ScheduleRow, 'title' | 'description' | 'images'>>;

/** A project's schedules, newest first (a schedule just added comes first). */
export const listSchedules = (db: Database, projectId: string) =>
  db.select().from(schedules).where(eq(schedules.projectId, projectId)).orderBy(desc(schedules.createdAt), desc(schedules.id));

export async function findSchedule(db: Database, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id)).limit(1);
  return row;
}

/** The schedule row locked for an update in transaction `tx` (two saves of one schedule run one after the other). */
export async function lockSchedule(tx: Database, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await tx.select().from(schedules).where(eq(schedules.id, id)).limit(1).for('update');
  return row;
}

export async function countSchedules(db: Database, projectId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(schedules).where(eq(schedules.projectId, projectId));
  return Number(row?.n ?? 0);
}

export async function insertSchedule(db: Database, values: NewSchedule): Promise<ScheduleRow> {
  const [row] = await db.insert(schedules).values(values).returning();
  return row!;
}

/** Changes a schedule from the version it was read at (docs/decisions/320): 409 when changed meanwhile. */
export async function updateSchedule(db: Database, id: string, actorId: string, changes: ScheduleChanges, version: number): Promise<ScheduleRow> {
  return writeAtVersion(db, schedules, { key: eq(schedules.id, id), version, actorId, set: changes, toJson: toScheduleJson, missing: () => notFound(SCHEDULE_MESSAGES.notFound) });
}

export async function deleteSchedule(db: Database, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.delete(schedules).where(eq(schedules.id, id)).returning();
  return row;
}

/** Whether a schedule of `projectId` lists the image stored in `folder`. */
export async function projectHasScheduleImage(db: Database, projectId: string, folder: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.projectId, projectId), sql`${schedules.images} @> ${JSON.stringify([folder])}::jsonb`))
    .limit(1);
  return !!row;
}

/**
 * Every stored file of every schedule image of a project: what deleting the project must remove
 * from storage after its transaction commits (uploads not yet claimed are the clean-up's).
 */
export async function scheduleImageKeysOfProject(db: Database, projectId: string): Promise<string[]> {
  const rows = await db.select({ images: schedules.images }).from(schedules).where(eq(schedules.projectId, projectId));
  // The images of the schedules' summary items are stored the same way (queries/summary.ts).
  const items = await db
    .select({ folder: summaryItemImages.folder })
    .from(summaryItemImages)
    .innerJoin(schedules, eq(schedules.id, summaryItemImages.scheduleId))
    .where(eq(schedules.projectId, projectId));
  return scheduleImageKeys([...rows.flatMap((row) => row.images), ...items.map((i) => i.folder)]);
}

/** The api's JSON of a schedule row. */
export function toScheduleJson(row: ScheduleRow): Schedule {
  const images = row.images.map((folder) => scheduleImageJson(row.projectId, folder));
  return {
    id: row.id,
    projectId: row.projectId,
    userId: row.userId,
    title: row.title,
    description: row.description,
    images,
    schedulesFiles: images.map((image) => image.url),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
