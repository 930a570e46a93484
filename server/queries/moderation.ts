import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { ModerationFirmRow, ModerationProjectRow, ShowcaseFilter } from '../contract/admin-areas.js';
import { MODERATION_PAGE_SIZE } from '../contract/admin-areas-rules.js';
import { FIRM_ROLES } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { hiddenPortfolios, hiddenProjects, projects, users } from '../db/schema/index.js';
import { recordAudit } from './audit.js';
import { likePattern } from './sql.js';

/**
 * Showcase moderation: the super-admin hides or shows a public project or a
 * firm's whole portfolio, with a reason, audit-logged. What the public then sees follows from the
 * one visibility condition of visibility.ts, which reads the two tables written here.
 */

type ListQuery = { search?: string; filter: ShowcaseFilter; page: number };
const offset = (page: number) => (page - 1) * MODERATION_PAGE_SIZE;
const firmLabel = sql<string>`coalesce(${users.firmName}, ${users.userName})`;

/** Public projects of firm accounts, hidden ones first when filtered, the latest first. */
export async function moderationProjectsPage(db: Database, query: ListQuery): Promise<{ projects: ModerationProjectRow[]; count: number }> {
  const conditions: SQL[] = [eq(projects.isPrivate, false), inArray(users.role, [...FIRM_ROLES])];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(projects.projectName, pattern), ilike(users.firmName, pattern), ilike(users.userName, pattern))!);
  }
  if (query.filter === 'hidden') conditions.push(or(isNotNull(hiddenProjects.projectId), isNotNull(hiddenPortfolios.firmId))!);
  const where = and(...conditions);
  const base = () =>
    db
      .select({
        id: projects.id,
        projectName: projects.projectName,
        projectType: projects.projectType,
        firmId: users.id,
        firmName: firmLabel,
        createdAt: projects.createdAt,
        reason: hiddenProjects.reason,
        hiddenAt: hiddenProjects.hiddenAt,
        firmHidden: sql<boolean>`${hiddenPortfolios.firmId} is not null`.mapWith(Boolean),
        timeZone: users.timeZone,
      })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.userId))
      .leftJoin(hiddenProjects, eq(hiddenProjects.projectId, projects.id))
      .leftJoin(hiddenPortfolios, eq(hiddenPortfolios.firmId, users.id));
  const [rows, [total]] = await Promise.all([
    base().where(where).orderBy(desc(projects.createdAt), desc(projects.id)).limit(MODERATION_PAGE_SIZE).offset(offset(query.page)),
    db
      .select({ n: count() })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.userId))
      .leftJoin(hiddenProjects, eq(hiddenProjects.projectId, projects.id))
      .leftJoin(hiddenPortfolios, eq(hiddenPortfolios.firmId, users.id))
      .where(where),
  ]);
  return {
    projects: rows.map((r) => ({
      id: r.id,
      projectName: r.projectName,
      projectType: r.projectType,
      firmId: r.firmId,
      firmName: r.firmName,
      createdAt: r.createdAt.toISOString(),
      hidden: r.reason !== null && r.hiddenAt ? { reason: r.reason, hiddenAt: r.hiddenAt.toISOString() } : null,
      firmHidden: r.firmHidden,
      timeZone: r.timeZone,
    })),
    count: Number(total?.n ?? 0),
  };
}

/** Firm accounts with their public project counts and whether their portfolio is hidden. */
export async function moderationFirmsPage(db: Database, query: ListQuery): Promise<{ firms: ModerationFirmRow[]; count: number }> {
  const conditions: SQL[] = [inArray(users.role, [...FIRM_ROLES])];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(users.firmName, pattern), ilike(users.userName, pattern), ilike(users.email, pattern))!);
  }
  if (query.filter === 'hidden') conditions.push(isNotNull(hiddenPortfolios.firmId));
  const where = and(...conditions);
  const projectCount = sql<number>`(select count(*) from ${projects} where ${projects.userId} = ${users.id} and ${projects.isPrivate} = false)`.mapWith(Number);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, firmName: firmLabel, email: users.email, city: users.city, projectCount, reason: hiddenPortfolios.reason, hiddenAt: hiddenPortfolios.hiddenAt, timeZone: users.timeZone })
      .from(users)
      .leftJoin(hiddenPortfolios, eq(hiddenPortfolios.firmId, users.id))
      .where(where)
      .orderBy(asc(sql`lower(${firmLabel})`), asc(users.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset(offset(query.page)),
    db.select({ n: count() }).from(users).leftJoin(hiddenPortfolios, eq(hiddenPortfolios.firmId, users.id)).where(where),
  ]);
  return {
    firms: rows.map((r) => ({
      id: r.id,
      firmName: r.firmName,
      email: r.email,
      city: r.city,
      projectCount: r.projectCount,
      hidden: r.reason !== null && r.hiddenAt ? { reason: r.reason, hiddenAt: r.hiddenAt.toISOString() } : null,
      timeZone: r.timeZone,
    })),
    count: Number(total?.n ?? 0),
  };
}

/** A public project of a firm account (hidden or not), or undefined. */
export async function findModeratedProject(db: Database, id: string) {
  const [row] = await db
    .select({ id: projects.id, projectName: projects.projectName, firmId: projects.userId, firmEmail: users.email, firmUserName: users.userName })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(and(eq(projects.id, id), eq(projects.isPrivate, false), inArray(users.role, [...FIRM_ROLES])))
    .limit(1);
  return row;
}

type Change = { adminId: string; hidden: boolean; reason: string | null };

/**
 * Hides (with the reason; hiding again replaces the reason) or shows a public project, with its
 * audit line in the same transaction. Answers whether anything changed.
 */
export function setProjectHidden(db: Database, project: { id: string; firmId: string; projectName: string }, change: Change): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = change.hidden
      ? await tx
          .insert(hiddenProjects)
          .values({ projectId: project.id, reason: change.reason!, hiddenBy: change.adminId })
          .onConflictDoUpdate({ target: hiddenProjects.projectId, set: { reason: change.reason!, hiddenBy: change.adminId, hiddenAt: new Date() } })
          .returning({ id: hiddenProjects.projectId })
      : await tx.delete(hiddenProjects).where(eq(hiddenProjects.projectId, project.id)).returning({ id: hiddenProjects.projectId });
    if (changed.length === 0) return false;
    await recordAudit(tx, {
      actorId: change.adminId,
      action: change.hidden ? 'showcase.project_hidden' : 'showcase.project_shown',
      firmId: project.firmId,
      targetType: 'project',
      targetId: project.id,
      details: { reason: change.reason, projectName: project.projectName },
    });
    return true;
  });
}

/** Hides or shows a firm's whole public side, audited like a project. Answers whether anything changed. */
export function setPortfolioHidden(db: Database, firm: { id: string; name: string }, change: Change): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = change.hidden
      ? await tx
          .insert(hiddenPortfolios)
          .values({ firmId: firm.id, reason: change.reason!, hiddenBy: change.adminId })
          .onConflictDoUpdate({ target: hiddenPortfolios.firmId, set: { reason: change.reason!, hiddenBy: change.adminId, hiddenAt: new Date() } })
          .returning({ id: hiddenPortfolios.firmId })
      : await tx.delete(hiddenPortfolios).where(eq(hiddenPortfolios.firmId, firm.id)).returning({ id: hiddenPortfolios.firmId });
    if (changed.length === 0) return false;
    await recordAudit(tx, {
      actorId: change.adminId,
      action: change.hidden ? 'showcase.portfolio_hidden' : 'showcase.portfolio_shown',
      firmId: firm.id,
      targetType: 'user',
      targetId: firm.id,
      details: { reason: change.reason, firmName: firm.name },
    });
    return true;
  });
}

/**
 * What the super-admin hid of one firm, with the reasons, for the firm's own portfolio:
 * the firm sees why a card is gone from the public side; nobody else is told.
 */
export async function moderationNotesOfFirm(db: Database, firmId: string) {
  const [portfolio, hiddenOnes] = await Promise.all([
    db.select({ reason: hiddenPortfolios.reason, hiddenAt: hiddenPortfolios.hiddenAt }).from(hiddenPortfolios).where(eq(hiddenPortfolios.firmId, firmId)).limit(1),
    db
      .select({ projectId: hiddenProjects.projectId, reason: hiddenProjects.reason, hiddenAt: hiddenProjects.hiddenAt })
      .from(hiddenProjects)
      .innerJoin(projects, eq(projects.id, hiddenProjects.projectId))
      .where(eq(projects.userId, firmId)),
  ]);
  const note = (r: { reason: string; hiddenAt: Date }) => ({ reason: r.reason, hiddenAt: r.hiddenAt.toISOString() });
  return { portfolio: portfolio[0] ? note(portfolio[0]) : null, projects: hiddenOnes.map((r) => ({ projectId: r.projectId, ...note(r) })) };
}
