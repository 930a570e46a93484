import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { auditLog } from '../db/schema.js';

export type AuditEntry = {
  /** Who acted (null for the system). */
  actorId: string | null;
  /** The firm whose data was acted on. */
  firmId?: string | null;
  /** `<target type>.<verb>`: 'schedule.created', 'schedule.updated'… */
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
};

/** Writes one audit row (DESIGN.md section 8: who did what to whom, when), in the caller's transaction. */
export async function recordAudit(db: Database, entry: AuditEntry) {
  await db.insert(auditLog).values({
    id: newId(),
    actorId: entry.actorId,
    firmId: entry.firmId ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
  });
}
