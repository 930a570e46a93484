import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { ExploreProject, SearchReply } from '../contract/projects.js';
import { SEARCH_LIMIT } from '../contract/projects.js';
import { FIRM_ROLES } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { projects, users } from '../db/schema.js';
import { firmSummaryColumns, listedFirm, projectsJson, visibleProject } from './public-projects.js';
import { likePattern, prefixPattern } from './sql.js';
import type { UserRow } from './users.js';

/** The public side's lists: the explore gallery, the header search and a firm's public page. */

/** One page of the explore gallery (listed firms' public projects, the latest first) and the total. */
export async function explorePage(db: Database, { page, limit }: { page: number; limit: number }): Promise<{ projects: ExploreProject[]; count: number }> {
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(projects).innerJoin(users, eq(users.id, projects.userId)).where(visibleProject()),
    db
      .select({ project: projects, owner: firmSummaryColumns })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.userId))
      .where(visibleProject())
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const list = await projectsJson(db, rows.map((r) => r.project));
  return { projects: list.map((p, i) => ({ ...p, owner: rows[i]!.owner })), count: Number(total?.n ?? 0) };
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

/** A firm account by id (listed or not: the caller decides who may see it), or undefined. */
export async function findFirmAccount(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), inArray(users.role, [...FIRM_ROLES]))).limit(1);
  return row;
}
