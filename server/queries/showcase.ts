import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { ExploreProject, ProjectImage, SearchReply } from '../contract/projects.js';
import { SEARCH_LIMIT } from '../contract/projects.js';
import { FIRM_ROLES } from '../contract/vocabulary.js';
import type { KeysetCursor } from '../contract/keyset-cursor.js';
import type { Database } from '../db/connection.js';
import { projectImages, projects, searchableFirmName, users, type ImageVariants } from '../db/schema/index.js';
import { firmSummaryColumns, toImageJson, toProjectJson, type ProjectRow } from './public-projects.js';
import { isListedFirmColumn, listedFirm, visibleProject, visibleProjectCount } from './visibility.js';
import { likePattern, prefixPattern } from './sql.js';
import type { UserRow } from './users.js';

/** The public side's lists: the explore gallery, the header search and a firm's public page. */

/** The images of the outer query's project as one JSON array, in gallery order (no second statement). */
type ImagesJson = Array<Pick<ProjectImage, 'id' | 'width' | 'height'> & { variants: ImageVariants }>;
const imagesOfProject = sql<ImagesJson>`(
  select coalesce(json_agg(json_build_object('id', ${projectImages.id}, 'variants', ${projectImages.variants}, 'width', ${projectImages.width}, 'height', ${projectImages.height}) order by ${projectImages.position}), '[]'::json)
  from ${projectImages} where ${projectImages.projectId} = ${projects.id})`;

/** Where a row stands in the gallery's order, with PostgreSQL's microseconds (server/contract/keyset-cursor.ts). */
const cursorOfProject = sql<string>`to_char(${projects.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ',' || ${projects.id}`;

/**
 * The explore gallery's statements, built and named once per database (docs/decisions/132): the
 * page's projects with their images, owners and cursors in one round trip that PostgreSQL plans
 * once per connection, one row more than the page to know whether another follows. The rows are
 * found on `projects_listed_latest_idx`, the projects whose `listed` flag (kept by triggers,
 * docs/decisions/192) says the public sees them; which of them show is still `visibleProject()`, so
 * moderation holds even if a flag were wrong.
 * - `byPage` (`?page=N`): skips `OFFSET` entries of that index alone (no row of projects or firms is
 *   read for them) and carries the total (the Paging line's "of N"), the one row kept by triggers
 *   (`visibleProjectCount`, docs/decisions/183, 185), not a count of projects.
 * - `after` (`?after=<cursor>`, decision 161): starts right after the cursor's row, reading the
 *   index from there whatever the depth, and counts nothing.
 */
function exploreStatements(db: Database) {
  const total = visibleProjectCount(db);
  const columns = { project: projects, owner: firmSummaryColumns, images: imagesOfProject, cursor: cursorOfProject };
  const order = [desc(projects.createdAt), desc(projects.id)];
  // Literal, not a parameter, so the generic plan of a prepared statement can use the partial index.
  const listed = sql`${projects.listed}`;
  // A row comparison, so the index is read from the cursor on.
  const afterCursor = sql`(${projects.createdAt}, ${projects.id}) < (${sql.placeholder('afterTime')}::timestamptz, ${sql.placeholder('afterId')})`;
  const pageIds = db
    .select({ id: projects.id })
    .from(projects)
    .where(listed)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return {
    byPage: db
      .select({ ...columns, total: sql<string>`(${total})` })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.userId))
      .where(and(inArray(projects.id, pageIds), visibleProject()))
      .orderBy(...order)
      .prepare('explore_page'),
    after: db
      .select(columns)
      .from(projects)
      .innerJoin(users, eq(users.id, projects.userId))
      .where(and(listed, afterCursor, visibleProject()))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .prepare('explore_after'),
  };
}
const statementsOf = new WeakMap<Database, ReturnType<typeof exploreStatements>>();

export type ExplorePage = { projects: ExploreProject[]; count?: number; nextCursor: string | null };

/**
 * One page of the explore gallery (listed firms' public projects, the latest first): by page number
 * with the total, or after a cursor without it; `nextCursor` is where the next page starts (null at the end).
 */
export async function explorePage(db: Database, { page, limit, after }: { page: number; limit: number; after?: KeysetCursor }): Promise<ExplorePage> {
  let statements = statementsOf.get(db);
  if (!statements) statementsOf.set(db, (statements = exploreStatements(db)));
  if (after) {
    const rows = await statements.after.execute({ limit: limit + 1, afterTime: after.createdAt, afterId: after.id });
    return pageOf(rows, limit);
  }
  const rows = await statements.byPage.execute({ limit: limit + 1, offset: (page - 1) * limit });
  // Past the last page no row carries the total: only then a second statement reads it.
  const total = rows[0]?.total ?? (await visibleProjectCount(db))[0]?.n;
  return { ...pageOf(rows, limit), count: Number(total ?? 0) };
}

type GalleryRow = { project: ProjectRow; owner: ExploreProject['owner']; images: ImagesJson; cursor: string };

/** The page's projects of `limit + 1` rows, and the cursor of its last one when the extra row shows another page follows. */
function pageOf(rows: GalleryRow[], limit: number): Omit<ExplorePage, 'count'> {
  const shown = rows.slice(0, limit);
  return {
    projects: shown.map((r) => ({ ...toProjectJson(r.project, r.images.map(toImageJson)), owner: r.owner })),
    nextCursor: rows.length > limit ? shown[shown.length - 1]!.cursor : null,
  };
}

/** Public projects and listed firms whose names contain `text`, names starting with it first. */
export async function searchShowcase(db: Database, text: string): Promise<SearchReply['data']> {
  const pattern = likePattern(text);
  const prefix = prefixPattern(text);
  const [projectRows, firmRows] = await Promise.all([
    db
      .select({ id: projects.id, projectName: projects.projectName })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.userId))
      .where(and(visibleProject(), ilike(projects.projectName, pattern)))
      .orderBy(sql`lower(${projects.projectName}) like ${prefix} desc`, asc(sql`lower(${projects.projectName})`), asc(projects.id))
      .limit(SEARCH_LIMIT),
    db
      .select({ id: users.id, userName: users.userName, firmName: users.firmName })
      .from(users)
      .where(and(listedFirm(), ilike(searchableFirmName(users), pattern)))
      .orderBy(
        sql`lower(coalesce(${users.firmName}, ${users.userName})) like ${prefix} desc`,
        asc(sql`lower(coalesce(${users.firmName}, ${users.userName}))`),
        asc(users.id),
      )
      .limit(SEARCH_LIMIT),
  ]);
  return { projects: projectRows, firmList: firmRows };
}

/**
 * A firm account by id with whether the public sees it (`listed`: visibility.ts), or undefined;
 * the caller decides who else may see it (the firm itself).
 */
export async function findFirmAccount(db: Database, id: string): Promise<{ firm: UserRow; listed: boolean } | undefined> {
  const [row] = await db
    .select({ firm: users, listed: isListedFirmColumn() })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...FIRM_ROLES])))
    .limit(1);
  return row;
}
