import { isId } from '../contract/http.js';
import { SCHEDULE_MESSAGES } from '../contract/schedules-rules.js';
import { SUMMARY_MESSAGES } from '../contract/summary-rules.js';
import type { Database } from '../db/connection.js';
import { HttpError, notFound } from '../errors.js';
import { findSchedule, type ScheduleRow } from '../queries/schedules.js';
import { findSummaryOwner, type SummaryKind } from '../queries/summary.js';
import { requireProjectAccess, type ProjectAccess, type ProjectNeed } from './project-access.js';
import type { Session } from './session.js';

/**
 * Access to a schedule and to everything in its summary (docs/decisions/100): the schedule's
 * project decides, through requireProjectAccess. A malformed or unknown id, another firm's one and
 * one of a project the employee is not a member of all answer the same 404 (it does not exist for
 * them); a role that may not act answers 403 as requireProjectAccess says. The one helper for the
 * summary editor, its outputs (print, share links) and the Project Library.
 */

export type ScheduleAccess = { schedule: ScheduleRow; access: ProjectAccess };

async function accessTo(db: Database, session: Session, schedule: ScheduleRow | undefined, message: string, need: ProjectNeed): Promise<ScheduleAccess> {
  if (!schedule) throw notFound(message);
  try {
    return { schedule, access: await requireProjectAccess(db, session, schedule.projectId, need) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(message);
    throw error;
  }
}

/** The schedule `id` names, with the caller's access to its project. */
export async function requireScheduleAccess(db: Database, session: Session, id: string, need: ProjectNeed = 'work'): Promise<ScheduleAccess> {
  const schedule = isId(id) ? await findSchedule(db, id) : undefined;
  return accessTo(db, session, schedule, SCHEDULE_MESSAGES.notFound, need);
}

/** The schedule a summary room, section, item, image or card belongs to, with the caller's access ("Not found in this summary" otherwise). */
export async function requireSummaryRowAccess(db: Database, session: Session, kind: SummaryKind, id: string, need: ProjectNeed = 'work'): Promise<ScheduleAccess> {
  const schedule = isId(id) ? await findSummaryOwner(db, kind, id) : undefined;
  return accessTo(db, session, schedule, SUMMARY_MESSAGES.notFound, need);
}
