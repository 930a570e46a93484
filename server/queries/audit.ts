import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { auditLog } from '../db/schema.js';

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

/** Writes an audit line (in the caller's transaction when `db` is one, so it commits with the change). */
export async function recordAudit(db: Database, entry: AuditEntry) {
  await db.insert(auditLog).values({
    id: newId(),
    actorId: entry.actorId,
    action: entry.action,
    firmId: entry.firmId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
  });
}
