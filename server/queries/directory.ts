import { and, asc, count, desc, eq, exists, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { FIRM_CARD_PROJECTS, type DirectoryQuery, type DirectoryReply, type FirmCardProject } from '../contract/profile.js';
import type { NamedKeysetCursor, RatedKeysetCursor } from '../contract/keyset-cursor.js';
import type { Database } from '../db/connection.js';
import { projectImages, projects, users, type ImageVariants } from '../db/schema/index.js';
import type { ProjectImage } from '../contract/projects.js';
import { toImageJson } from './public-projects.js';
import { listedFirm, shownProject } from './visibility.js';

/** The firm directory (GET /api/users/user-firm): listed firms, filtered, with their latest projects. */

/**
 * A project's first image (gallery order) as the JSON toImageJson reads, or null. The project's id is
 * written with its table: in a statement on `projects` alone drizzle leaves columns bare, and a bare
 * `id` here would be the image's.
 */
const firstImageOfProject = sql<Pick<ProjectImage, 'id' | 'width' | 'height'> & { variants: ImageVariants } | null>`(
  select json_build_object('id', ${projectImages.id}, 'variants', ${projectImages.variants}, 'width', ${projectImages.width}, 'height', ${projectImages.height})
  from ${projectImages} where ${projectImages.projectId} = ${projects}.${sql.identifier('id')} order by ${projectImages.position} limit 1)`;

/**
 * The latest public projects of many firms with each one's first image, in one statement: for each
 * firm its index (projects_user_idx) is read from the newest down for FIRM_CARD_PROJECTS rows, so a
 * firm with hundreds of projects costs what one with four does.
 */
async function firmCardProjects(db: Database, firmIds: string[]): Promise<Map<string, FirmCardProject[]>> {
  const result = new Map<string, FirmCardProject[]>(firmIds.map((id) => [id, []]));
  if (firmIds.length === 0) return result;
  const latest = db
    .select({ id: projects.id, projectName: projects.projectName, projectType: projects.projectType, createdAt: projects.createdAt, thumbnail: firstImageOfProject.as('thumbnail') })
    .from(projects)
    .where(and(eq(projects.userId, users.id), shownProject()))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(FIRM_CARD_PROJECTS)
    .as('latest');
  const rows = await db
    .select({ userId: users.id, id: latest.id, projectName: latest.projectName, projectType: latest.projectType, thumbnail: latest.thumbnail })
    .from(users)
    .crossJoinLateral(latest)
    .where(inArray(users.id, firmIds))
    .orderBy(asc(users.id), desc(latest.createdAt), desc(latest.id));
  for (const r of rows) {
    result.get(r.userId)?.push({ id: r.id, projectName: r.projectName, projectType: r.projectType, thumbnail: r.thumbnail ? toImageJson(r.thumbnail) : null });
  }
  return result;
}

/** What a directory card shows of a firm (FirmCard): its project count is the kept counter (decision 183). */
const cardColumns = {
  id: users.id,
  userName: users.userName,
  firmName: users.firmName,
  firmType: users.firmType,
  country: users.country,
  state: users.state,
  city: users.city,
  profileImage: users.profileImage,
  projectCount: users.shownProjectCount,
  reviewCount: users.reviewCount,
  ratingCenti: users.ratingCenti,
};

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
 * The directory by rating (docs/decisions/410): the kept average first, then the number of reviews
 * (a 5.0 of twelve before a 5.0 of one), then id, read from users_directory_rating_idx.
 */
const cursorOfRatedFirm = sql<string>`'r' || ${users.ratingCenti} || ',' || ${users.reviewCount} || ',' || ${users.id}`;

function afterRatedCursor(after: RatedKeysetCursor): SQL {
  const { ratingCenti: r, reviewCount: n, id } = after;
  return sql`${users.ratingCenti} <= ${r} and (${users.ratingCenti} < ${r} or ${users.reviewCount} < ${n} or (${users.reviewCount} = ${n} and ${users.id} > ${id}))`;
}

const isRated = (cursor: NamedKeysetCursor | RatedKeysetCursor): cursor is RatedKeysetCursor => 'ratingCenti' in cursor;

/**
 * One page of the directory: approved firms filtered by place and by the types of their public
 * projects. A `?page=` request is counted and skips with OFFSET (old links); one `after` a cursor
 * (decision 175) starts at the cursor and counts nothing. Both read one firm more than the page to
 * know whether another follows.
 */
export async function directoryPage(db: Database, query: DirectoryQuery): Promise<DirectoryReply> {
  const { page, limit, country, state, city, projectType, after, sort } = query;
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
  const byRating = sort === 'rating';
  const order = byRating ? [desc(users.ratingCenti), desc(users.reviewCount), asc(users.id)] : [asc(nameKey), desc(users.createdAt), asc(users.id)];
  const firmCards = db.select({ ...cardColumns, cursor: byRating ? cursorOfRatedFirm : cursorOfFirm }).from(users);
  const cursorCondition = (cursor: NamedKeysetCursor | RatedKeysetCursor) => (isRated(cursor) ? afterRatedCursor(cursor) : afterCursor(cursor));
  // By page number, the firms OFFSET skips are picked by id alone: a card's columns and cursor
  // written for each skipped firm cost 25 of the 26 ms of page 300 (decision 193).
  const list = after
    ? firmCards.where(and(where, cursorCondition(after))).orderBy(...order).limit(limit + 1)
    : firmCards.where(inArray(users.id, db.select({ id: users.id }).from(users).where(where).orderBy(...order).limit(limit + 1).offset((page - 1) * limit))).orderBy(...order);
  // The count does not hold up the page: the firms' cards are read while it runs.
  const listed = list.then(async (found) => {
    const rows = found.slice(0, limit);
    return { found, rows, cards: await firmCardProjects(db, rows.map((r) => r.id)) };
  });
  const [total, { found, rows, cards }] = await Promise.all([
    after ? undefined : db.select({ n: count() }).from(users).where(where).then(([row]) => Number(row?.n ?? 0)),
    listed,
  ]);
  return {
    firms: rows.map(({ cursor: _cursor, ...firm }) => ({ ...firm, projects: cards.get(firm.id) ?? [] })),
    ...(total === undefined ? {} : { count: total }),
    nextCursor: found.length > limit ? rows[rows.length - 1]!.cursor : null,
  };
}
