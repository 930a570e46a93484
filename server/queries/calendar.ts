import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { visibleWorkspaceProjects } from '../auth/project-access.js';
import type { FirmMembership } from '../auth/firm.js';
import type { CalendarEvent } from '../contract/calendar.js';
import type { Database } from '../db/connection.js';
import { alias } from 'drizzle-orm/pg-core';
import { zoneOf } from '../contract/dates.js';
import { calendarFeeds, projects, schedules, users } from '../db/schema/index.js';
import type { UserRow } from './users.js';
import { tasksDueBetween } from './tasks.js';
import { taskTitle } from '../contract/tasks-rules.js';

/**
 * The calendar's events (docs/decisions/112): the viewer's tasks by due date, and the schedules
 * of the projects it may see by the day they were made (the firm's calendar day, as its pages show
 * dates: decision 265), between two days inclusive. The days bound the read, not a row count (decision 204).
 */

/** A schedule's day in the firm's time zone (an IANA name the runtime knows; anything else is India's). */
const scheduleDayIn = (timeZone: string) => sql<string>`to_char(${schedules.createdAt} at time zone ${zoneOf({ timeZone })}, 'YYYY-MM-DD')`;

export async function calendarEvents(db: Database, user: UserRow, firm: FirmMembership, from: string, to: string, timeZone: string): Promise<CalendarEvent[]> {
  const scheduleDay = scheduleDayIn(timeZone);
  const [taskRows, scheduleRows] = await Promise.all([
    tasksDueBetween(db, user.id, firm.firmId, from, to),
    db
      .select({ id: schedules.id, title: schedules.title, projectId: projects.id, projectName: projects.projectName, day: scheduleDay })
      .from(schedules)
      .innerJoin(projects, eq(projects.id, schedules.projectId))
      .where(and(visibleWorkspaceProjects(user, firm), gte(scheduleDay, from), lte(scheduleDay, to)))
      .orderBy(schedules.createdAt),
  ]);
  const events: CalendarEvent[] = [
    ...taskRows.map((t) => ({ date: t.dueDate!, kind: 'task' as const, id: t.id, title: taskTitle(t), detail: t.projectName, projectId: t.projectId, status: t.status })),
    ...scheduleRows.map((s) => ({ date: s.day, kind: 'schedule' as const, id: s.id, title: s.title, detail: s.projectName, projectId: s.projectId, status: null })),
  ];
  return events.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
}

export async function findFeed(db: Database, userId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return row;
}

const employer = alias(users, 'employer');

/** The account of a feed token's hash, when the account is still active, with its firm's time zone (an employee's is its firm's). */
export async function findFeedOwner(db: Database, tokenHash: string): Promise<{ user: UserRow; timeZone: string } | undefined> {
  const [row] = await db
    .select({ user: users, timeZone: sql<string>`coalesce(${employer.timeZone}, ${users.timeZone})` })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(employer, eq(employer.id, users.firmId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), sql`${users.deactivatedAt} is null`))
    .limit(1);
  return row;
}

/** Replaces the account's feed token (the old link stops working). */
export async function replaceFeed(db: Pick<Database, 'insert'>, userId: string, tokenHash: string) {
  const createdAt = new Date();
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt } });
  return createdAt;
}

export async function deleteFeed(db: Pick<Database, 'delete'>, userId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Gives an existing feed a token nobody holds (the old link stops working; the owner renews to see a new one). */
export async function rotateFeed(db: Pick<Database, 'update'>, userId: string, tokenHash: string) {
  await db.update(calendarFeeds).set({ tokenHash, createdAt: new Date() }).where(eq(calendarFeeds.userId, userId));
}
