import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { auditLog } from '../db/schema.js';

/** A row of the audit log: who (`actorId`) did what (`action`) to which object of which firm. */
export type AuditEntry = {
  actorId: string;
  firmId: string | null;
  /** `<object>.<verb>`: folder.created, file.deleted… */
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
};

/** Writes audit rows, in the caller's transaction so they are kept only when the change is. */
export async function recordAudit(db: Pick<Database, 'insert'>, entries: AuditEntry | AuditEntry[]) {
  const list = Array.isArray(entries) ? entries : [entries];
  if (!list.length) return;
  await db.insert(auditLog).values(list.map((entry) => ({ id: newId(), ...entry, details: entry.details ?? {} })));
}
