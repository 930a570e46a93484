import type { ScheduleAccess } from '../../../auth/schedule-access.js';
import { isId } from '../../../contract/http.js';
import { SUMMARY_LIMITS, SUMMARY_MESSAGES } from '../../../contract/summary.js';
import type { Database } from '../../../db/connection.js';
import { conflict, notFound } from '../../../errors.js';
import { recordAudit } from '../../../queries/audit.js';
import { moveRow } from '../../../queries/positions.js';
import { lockSchedule, type ScheduleRow } from '../../../queries/schedules.js';
import { copyItem, copySection, countRows, deleteRow, imageFoldersUnder, lockRow, ORDER, type SummaryKind } from '../../../queries/summary.js';

/**
 * The summary's write path (docs/decisions/102). Who may write is decided by
 * `server/auth/schedule-access.ts` (requireScheduleAccess, requireSummaryRowAccess); this module
 * only runs the write once access is known.
 */

export type WriteContext = { tx: Database; schedule: ScheduleRow; scope: { scheduleId: string; firmId: string } };

/**
 * A summary write: one transaction that first takes the schedule's row lock, so the writes of one
 * schedule (moves, adds, deletes, copies) run one after another and every position stays 0..n-1
 * (decision 102), then records the audit line with the change.
 */
export async function summaryWrite<T>(
  db: Database,
  { schedule, access }: ScheduleAccess,
  actorId: string,
  action: string,
  work: (ctx: WriteContext) => Promise<{ result: T; targetId: string; details?: Record<string, unknown> }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const locked = await lockSchedule(tx, schedule.id);
    if (!locked) throw notFound(SUMMARY_MESSAGES.scheduleNotFound);
    const { result, targetId, details } = await work({ tx, schedule: locked, scope: { scheduleId: locked.id, firmId: access.firm.firmId } });
    await recordAudit(tx, {
      actorId,
      firmId: access.firm.firmId,
      action: `summary.${action}`,
      targetType: 'summary',
      targetId,
      details: { scheduleId: schedule.id, projectId: access.project.id, ...details },
    });
    return result;
  });
}

/** The row of `kind` inside the write's transaction, locked; 404 when a concurrent write deleted it, or it is of another schedule. */
export async function lockedRow<K extends SummaryKind>(ctx: WriteContext, kind: K, id: string) {
  const row = isId(id) ? await lockRow(ctx.tx, kind, id) : undefined;
  if (!row || row.scheduleId !== ctx.schedule.id) throw notFound(SUMMARY_MESSAGES.notFound);
  return row;
}

/** What moving a room, section or item checks: the kind of its parent and how many rows a parent may hold. */
const MOVES = {
  room: { parentKind: null, parentOf: (row: { scheduleId: string }) => row.scheduleId, limit: SUMMARY_LIMITS.roomsPerSchedule, full: SUMMARY_MESSAGES.roomsMax },
  section: { parentKind: 'room', parentOf: (row: { roomId: string }) => row.roomId, limit: SUMMARY_LIMITS.sectionsPerRoom, full: SUMMARY_MESSAGES.sectionsMax },
  item: { parentKind: 'section', parentOf: (row: { sectionId: string }) => row.sectionId, limit: SUMMARY_LIMITS.itemsPerSection, full: SUMMARY_MESSAGES.itemsMax },
} as const;
export type MovableKind = keyof typeof MOVES;

/**
 * The one move of the summary (decision 101): locks the row, and when `parentId` names another
 * parent (a section's room, an item's section; a room stays in its schedule) locks that parent
 * (404 when it is of another schedule) and checks its limit (409), then renumbers both parents.
 * Answers the row's parent after the move.
 */
export async function moveInSummary(ctx: WriteContext, kind: MovableKind, id: string, { index, parentId }: { index: number; parentId?: string }): Promise<{ id: string; parentId: string }> {
  const rule = MOVES[kind];
  const row = await lockedRow(ctx, kind, id);
  const from = (rule.parentOf as (r: typeof row) => string)(row);
  const to = rule.parentKind ? (parentId ?? from) : from;
  if (to !== from && rule.parentKind) {
    await lockedRow(ctx, rule.parentKind, to);
    if ((await countRows(ctx.tx, kind, to)) >= rule.limit) throw conflict(rule.full);
  }
  await moveRow(ctx.tx, ORDER[kind], row.id, to, index, from);
  return { id: row.id, parentId: to };
}

/**
 * Deletes a room, section or item with everything under it (by cascade) and closes the gap among
 * its siblings. Answers the row and the image folders under it, whose files go once the write has
 * committed.
 */
export async function deleteInSummary(ctx: WriteContext, kind: MovableKind, id: string) {
  const row = await lockedRow(ctx, kind, id);
  const folders = await imageFoldersUnder(ctx.tx, kind, row.id);
  await deleteRow(ctx.tx, kind, row.id, (MOVES[kind].parentOf as (r: typeof row) => string)(row));
  return { row, folders };
}

const COPIES = { section: copySection, item: copyItem } as const;
export type CopyableKind = keyof typeof COPIES;

/** Copies a section or an item right after it, within the limit of its parent (409 when full). Answers the row and its copy. */
export async function copyInSummary(ctx: WriteContext, kind: CopyableKind, id: string) {
  const rule = MOVES[kind];
  const row = await lockedRow(ctx, kind, id);
  if ((await countRows(ctx.tx, kind, (rule.parentOf as (r: typeof row) => string)(row))) >= rule.limit) throw conflict(rule.full);
  const copy = await (COPIES[kind] as (tx: Database, source: typeof row) => Promise<typeof row>)(ctx.tx, row);
  return { row, copy };
}
