import { sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { chatAttachments, files, pendingUploads, projects, taskFiles, tasks, users } from '../db/schema/index.js';

/**
 * The bytes a firm stores against its quota (docs/decisions/242), in ONE
 * statement, each part read through an index on the firm or its projects: project files, task
 * files, chat files, and every upload still pending (of the firm account or its employees) until
 * it is claimed or removed. Portfolio, schedule, item and library images are re-encoded WebP of a
 * bounded size and count while pending only.
 */
export async function firmStorageUsed(db: Database, firmId: string): Promise<number> {
  const firmProjects = sql`select ${projects.id} from ${projects} where ${projects.userId} = ${firmId}`;
  const result = await db.execute<{ used: string | number | null }>(sql`
    select
      (select coalesce(sum(${files.size}), 0) from ${files} where ${files.projectId} in (${firmProjects}))
    + (select coalesce(sum(${chatAttachments.size}), 0) from ${chatAttachments} where ${chatAttachments.projectId} in (${firmProjects}))
    + (select coalesce(sum(${taskFiles.size}), 0) from ${taskFiles} where ${taskFiles.taskId} in (select ${tasks.id} from ${tasks} where ${tasks.firmId} = ${firmId}))
    + (select coalesce(sum(${pendingUploads.size}), 0) from ${pendingUploads}
        where ${pendingUploads.ownerId} in (select ${users.id} from ${users} where ${users.id} = ${firmId} or ${users.firmId} = ${firmId}))
    as used`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ used: string | number | null }> }).rows) as Array<{ used: string | number | null }>;
  return Number(rows[0]?.used ?? 0);
}
