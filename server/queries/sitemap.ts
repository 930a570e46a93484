import { and, desc, eq, sql } from 'drizzle-orm';
import type { KeysetCursor } from '../contract/keyset-cursor.js';
import type { Database } from '../db/connection.js';
import { projects, users } from '../db/schema/index.js';
import { listedFirm, visibleProject } from './visibility.js';

/**
 * The sitemaps' reads (docs/decisions/387): every project and firm the public sees, with the time
 * it last changed, in keyset pages over the indexes the gallery and the directory use, so a file of
 * 50,000 addresses costs the same at 100 projects as at 100,000.
 */

export type SitemapRow = { id: string; updatedAt: Date; cursor: string };
/** Where a sitemap file starts (null: at the beginning) and when the newest of its entries changed. */
export type SitemapFile = { after: string | null; lastmod: Date };

/** A project's place in the gallery's order, as the explore cursor writes it (microseconds kept). */
const projectCursor = sql<string>`to_char(${projects.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ',' || ${projects.id}`;

/** The next `limit` projects the public sees after `after`, in the gallery's order (newest first). */
export function sitemapProjects(db: Database, after: KeysetCursor | null, limit: number): Promise<SitemapRow[]> {
  return db
    .select({ id: projects.id, updatedAt: projects.updatedAt, cursor: projectCursor })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(and(sql`${projects.listed}`, after ? sql`(${projects.createdAt}, ${projects.id}) < (${after.createdAt}::timestamptz, ${after.id})` : undefined, visibleProject()))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);
}

/** The next `limit` listed firms after the id `after`, by id. */
export function sitemapFirms(db: Database, after: string | null, limit: number): Promise<SitemapRow[]> {
  return db
    .select({ id: users.id, updatedAt: users.updatedAt, cursor: users.id })
    .from(users)
    .where(and(listedFirm(), after ? sql`${users.id} > ${after}` : undefined))
    .orderBy(users.id)
    .limit(limit);
}

type FileRow = { file: number; lastmod: Date | string; last: string | null };

/** Files of `perFile` entries from the numbered rows of `ordered` (`n` from 0, `cursor`, `updated_at`). */
async function filesOf(db: Database, ordered: ReturnType<typeof sql>, perFile: number): Promise<SitemapFile[]> {
  const result = await db.execute<FileRow>(sql`
    select n / ${perFile} as file, max(updated_at) as lastmod, max(case when n % ${perFile} = ${perFile - 1} then cursor end) as last
    from (${ordered}) numbered group by 1 order by 1`);
  const rows = (Array.isArray(result) ? result : (result as { rows: FileRow[] }).rows) as FileRow[];
  return rows.map((row, index) => ({ after: index === 0 ? null : rows[index - 1]!.last, lastmod: new Date(row.lastmod) }));
}

/**
 * The project sitemap's files: where each starts (the cursor of the previous file's last row) and
 * its newest change. One statement over the listed projects' ids and times, no page reads.
 */
export function sitemapProjectFiles(db: Database, perFile: number): Promise<SitemapFile[]> {
  const ordered = sql`select row_number() over (order by ${projects.createdAt} desc, ${projects.id} desc) - 1 as n, ${projectCursor} as cursor, ${projects.updatedAt} as updated_at
    from ${projects} inner join ${users} on ${users.id} = ${projects.userId} where ${projects.listed} and ${visibleProject()}`;
  return filesOf(db, ordered, perFile);
}

/** The firm sitemap's files, as sitemapProjectFiles. */
export function sitemapFirmFiles(db: Database, perFile: number): Promise<SitemapFile[]> {
  const ordered = sql`select row_number() over (order by ${users.id}) - 1 as n, ${users.id} as cursor, ${users.updatedAt} as updated_at from ${users} where ${listedFirm()}`;
  return filesOf(db, ordered, perFile);
}
