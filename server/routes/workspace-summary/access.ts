import type { ScheduleAccess } from '../../auth/schedule-access.js';
import { isId } from '../../contract/http.js';
import { SUMMARY_MESSAGES } from '../../contract/summary.js';
import type { Database } from '../../db/connection.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { lockSchedule, type ScheduleRow } from '../../queries/schedules.js';
import { lockRow, type SummaryKind } from '../../queries/summary.js';

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
