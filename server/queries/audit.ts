import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { auditLog } from '../db/schema/index.js';

/** One line of the audit log: who (`actorId`, null for the command line) did what to whom. */
export type AuditEntry = {
  actorId: string | null;
  action: string;
  /** The firm whose data was acted on, when there is one. */
  firmId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Writes audit lines (in the caller's transaction when `db` is one, so they commit with the change):
 * one entry, or several in one insert (the files of an upload).
 */
export async function recordAudit(db: Pick<Database, 'insert'>, entries: AuditEntry | AuditEntry[]) {
  const list = Array.isArray(entries) ? entries : [entries];
  if (!list.length) return;
  await db.insert(auditLog).values(
    list.map((entry) => ({
      id: newId(),
      actorId: entry.actorId,
      action: entry.action,
      firmId: entry.firmId ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: entry.details ?? {},
    })),
  );
}
