import { and, asc, count, desc, eq, exists, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { FIRM_CARD_PROJECTS, type DirectoryQuery, type DirectoryReply, type FirmCardProject } from '../contract/profile.js';
import type { NamedKeysetCursor } from '../contract/keyset-cursor.js';
import type { Database } from '../db/connection.js';
import { projectImages, projects, users } from '../db/schema.js';
import { toImageJson } from './public-projects.js';
import { listedFirm, shownProject } from './visibility.js';
import { loadUserExtras, toUserJson } from './users.js';

/** The firm directory (GET /api/users/user-firm): listed firms, filtered, with their latest projects. */

/** The latest public projects of many firms with each one's first image, in two queries. */
async function firmCardProjects(db: Database, firmIds: string[]): Promise<Map<string, FirmCardProject[]>> {
  const result = new Map<string, FirmCardProject[]>(firmIds.map((id) => [id, []]));
  if (firmIds.length === 0) return result;
  const ranked = db
    .select({
      id: projects.id,
      userId: projects.userId,
      projectName: projects.projectName,
      projectType: projects.projectType,
      createdAt: projects.createdAt,
      rank: sql<number>`row_number() over (partition by ${projects.userId} order by ${projects.createdAt} desc, ${projects.id} desc)`.as('rank'),
    })
    .from(projects)
    .where(and(inArray(projects.userId, firmIds), shownProject()))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, FIRM_CARD_PROJECTS)).orderBy(asc(ranked.userId), asc(ranked.rank));
  const firstImages = rows.length
    ? await db
        .selectDistinctOn([projectImages.projectId], {
          id: projectImages.id,
          projectId: projectImages.projectId,
          variants: projectImages.variants,
          width: projectImages.width,
          height: projectImages.height,
        })
        .from(projectImages)
        .where(inArray(projectImages.projectId, rows.map((r) => r.id)))
        .orderBy(asc(projectImages.projectId), asc(projectImages.position))
    : [];
  const thumbnails = new Map(firstImages.map((i) => [i.projectId, toImageJson(i)]));
  for (const r of rows) {
    result.get(r.userId)?.push({ id: r.id, projectName: r.projectName, projectType: r.projectType, thumbnail: thumbnails.get(r.id) ?? null });
  }
  return result;
}

/** The directory's order: by name ignoring case (the firm's name, else its owner's), newest first among equal names. */
const nameKey = sql<string>`lower(coalesce(${users.firmName}, ${users.userName}))`;

/** Where a firm stands in that order, written by PostgreSQL (microseconds, its own lower()): server/contract/keyset-cursor.ts. */
const cursorOfFirm = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ',' || ${users.id} || ',' || ${nameKey}`;

/**
 * The firms after `after` in the directory's order (name ascending, created_at descending, id
 * ascending). The directions are mixed, so no row comparison: the first term bounds the scan of
 * the name indexes (migration 0013) from the cursor's name on, the second drops the equal names
 * up to the cursor.
 */
function afterCursor(after: NamedKeysetCursor): SQL {
  const time = sql`${after.createdAt}::timestamptz`;
  return sql`${nameKey} >= ${after.name} and (${nameKey} > ${after.name} or ${users.createdAt} < ${time} or (${users.createdAt} = ${time} and ${users.id} > ${after.id}))`;
}

/**
 * One page of the directory: approved firms filtered by place and by the types of their public
 * projects. A `?page=` request is counted and skips with OFFSET (old links); one `after` a cursor
 * (decision 175) starts at the cursor and counts nothing. Both read one firm more than the page to
 * know whether another follows.
 */
export async function directoryPage(db: Database, query: DirectoryQuery): Promise<DirectoryReply> {
  const { page, limit, country, state, city, projectType, after } = query;
  const conditions: SQL[] = [listedFirm()];
  const same = (column: AnyColumn, value: string) => eq(sql`lower(${column})`, value.replaceAll('\u0000', '').toLowerCase());
  if (country) conditions.push(same(users.country, country));
  if (state) conditions.push(same(users.state, state));
  if (city) conditions.push(same(users.city, city));
  if (projectType) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(projects)
          .where(and(eq(projects.userId, users.id), shownProject(), eq(projects.projectType, projectType))),
      ),
    );
  }
  const where = and(...conditions);
  const list = db
    .select({ user: users, cursor: cursorOfFirm })
    .from(users)
    .where(after ? and(where, afterCursor(after)) : where)
    .orderBy(asc(nameKey), desc(users.createdAt), asc(users.id))
    .limit(limit + 1);
  const [total, found] = await Promise.all([
    after ? undefined : db.select({ n: count() }).from(users).where(where).then(([row]) => Number(row?.n ?? 0)),
    after ? list : list.offset((page - 1) * limit),
  ]);
  const rows = found.slice(0, limit);
  const ids = rows.map((r) => r.user.id);
  const [extras, cards] = await Promise.all([loadUserExtras(db, ids), firmCardProjects(db, ids)]);
  return {
    firms: rows.map(({ user }) => ({ ...toUserJson(user, extras.get(user.id)!), projects: cards.get(user.id) ?? [] })),
    ...(total === undefined ? {} : { count: total }),
    nextCursor: found.length > limit ? rows[rows.length - 1]!.cursor : null,
  };
}
