import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { ExploreProject, ProjectImage, SearchReply } from '../contract/projects.js';
import { SEARCH_LIMIT } from '../contract/projects.js';
import { FIRM_ROLES } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { projectImages, projects, users, type ImageVariants } from '../db/schema.js';
import { firmSummaryColumns, toImageJson, toProjectJson } from './public-projects.js';
import { isListedFirmColumn, listedFirm, visibleProject } from './visibility.js';
import { likePattern, prefixPattern } from './sql.js';
import type { UserRow } from './users.js';

/** The public side's lists: the explore gallery, the header search and a firm's public page. */

/** The images of the outer query's project as one JSON array, in gallery order (no second statement). */
const imagesOfProject = sql<Array<Pick<ProjectImage, 'id' | 'width' | 'height'> & { variants: ImageVariants }>>`(
  select coalesce(json_agg(json_build_object('id', ${projectImages.id}, 'variants', ${projectImages.variants}, 'width', ${projectImages.width}, 'height', ${projectImages.height}) order by ${projectImages.position}), '[]'::json)
  from ${projectImages} where ${projectImages.projectId} = ${projects.id})`;

/**
 * The explore gallery's statement, built and named once per database (docs/decisions/132): the page's
 * projects with their images and owners, and the total, in one round trip that PostgreSQL plans
 * once per connection. Which projects show is `visibleProject()` alone (moderation adds to it).
 */
function explorePageStatement(db: Database) {
  const total = db.select({ n: count() }).from(projects).innerJoin(users, eq(users.id, projects.userId)).where(visibleProject());
  return db
    .select({ project: projects, owner: firmSummaryColumns, images: imagesOfProject, total: sql<string>`(${total})` })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(visibleProject())
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('explore_page');
}
const exploreStatements = new WeakMap<Database, ReturnType<typeof explorePageStatement>>();

/** One page of the explore gallery (listed firms' public projects, the latest first) and the total. */
export async function explorePage(db: Database, { page, limit }: { page: number; limit: number }): Promise<{ projects: ExploreProject[]; count: number }> {
  let statement = exploreStatements.get(db);
  if (!statement) exploreStatements.set(db, (statement = explorePageStatement(db)));
  const rows = await statement.execute({ limit, offset: (page - 1) * limit });
  // Past the last page no row carries the total: only then a second statement counts.
  const total = rows[0]?.total ?? (await db.select({ n: count() }).from(projects).innerJoin(users, eq(users.id, projects.userId)).where(visibleProject()))[0]?.n;
  return {
    projects: rows.map((r) => ({ ...toProjectJson(r.project, r.images.map(toImageJson)), owner: r.owner })),
    count: Number(total ?? 0),
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
      .where(and(listedFirm(), or(ilike(users.firmName, pattern), ilike(users.userName, pattern))))
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
