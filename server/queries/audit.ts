import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { auditLog } from '../db/schema.js';

export type AuditEntry = {
  actorId: string;
  /** The firm whose data was acted on. */
  firmId: string | null;
  /** `<target>.<verb>`: project.created, member.deleted… */
  action: string;
  targetType: 'project' | 'member' | 'schedule' | 'folder' | 'file' | 'user';
  targetId: string;
  details?: Record<string, unknown>;
};

/** One line of the audit log (who did what to whom); written in the transaction of the change it records. */
export async function recordAudit(db: Database, entry: AuditEntry) {
  await db.insert(auditLog).values({ id: newId(), ...entry, details: entry.details ?? {} });
}
