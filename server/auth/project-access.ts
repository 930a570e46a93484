import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isId } from '../contract/http.js';
import type { Database } from '../db/connection.js';
import { members, projects } from '../db/schema/index.js';
import { forbidden, notFound } from '../errors.js';
import type { UserRow } from '../queries/users.js';
import { firmOf, MANAGERS_ONLY, WORKSPACE_ONLY, type FirmMembership } from './firm.js';
import type { Session } from './session.js';

/** What a call needs of a workspace project: 'manage' (change the project, its members) or 'work' (its schedules, files, summaries). */
export type ProjectNeed = 'manage' | 'work';

export type ProjectAccess = {
  project: typeof projects.$inferSelect;
  firm: FirmMembership;
  /** What the caller may do on this project: 'manage' for the firm and its sub-admins, 'work' for a member employee. */
  level: ProjectNeed;
};

export const PROJECT_NOT_FOUND = 'Project not found';

/**
 * The workspace projects an account may see (DESIGN.md section 9): all of its firm's for the firm
 * and its sub-admins; for a plain employee those whose members list holds its email.
 */
export function visibleWorkspaceProjects(user: Pick<UserRow, 'email'>, firm: FirmMembership): SQL {
  const ofFirm = and(eq(projects.userId, firm.firmId), eq(projects.isPrivate, true))!;
  if (firm.canManage) return ofFirm;
  // Through members_project_email_idx (project_id, lower(email)).
  const isMember = sql`exists (select 1 from ${members} where ${members.projectId} = ${projects.id} and lower(${members.email}) = ${user.email.toLowerCase()})`;
  return and(ofFirm, isMember)!;
}

/**
 * The one access check of every workspace call on a project. Answers 403 for an account without a
 * firm (an explorer) and for a member employee asking to manage; 404 for a malformed or unknown id,
 * another firm's project, a portfolio project, and a project a plain employee is not a member of,
 * so nobody learns which ids exist elsewhere.
 */
export async function requireProjectAccess(db: Database, session: Session, projectId: string, need: ProjectNeed): Promise<ProjectAccess> {
  const firm = firmOf(session.user);
  if (!firm) throw forbidden(WORKSPACE_ONLY);
  if (!isId(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), visibleWorkspaceProjects(session.user, firm)))
    .limit(1);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  if (need === 'manage' && !firm.canManage) throw forbidden(MANAGERS_ONLY);
  return { project, firm, level: firm.canManage ? 'manage' : 'work' };
}
