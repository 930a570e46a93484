import { asc, count, eq, and, inArray } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { projects, teamMembers } from '../db/schema.js';
import type { User } from '../contract/users.js';
import type { Role, LoginType } from '../contract/vocabulary.js';
import type { UserRow } from './sessions.js';

type Extras = { teams: User['teams']; projectCount: number };

export function toUserJson(row: UserRow, extras: Extras): User {
  return {
    id: row.id,
    userName: row.userName,
    role: row.role as Role,
    email: row.email,
    loginType: row.loginType as LoginType,
    firmName: row.firmName,
    firmType: row.firmType,
    country: row.country,
    state: row.state,
    city: row.city,
    contactNo: row.contactNo,
    website: row.website,
    userDetails: row.userDetails,
    profileImage: row.profileImage,
    teams: extras.teams,
    projectCount: extras.projectCount,
    HasPassword: row.passwordHash !== null,
    isVerify: row.isVerify,
    isSuperAdmin: row.isSuperAdmin,
  };
}

/** Teams and public project counts for many users in two queries (no N+1). */
export async function loadUserExtras(db: Database, userIds: string[]): Promise<Map<string, Extras>> {
  const result = new Map<string, Extras>(userIds.map((id) => [id, { teams: [], projectCount: 0 }]));
  if (userIds.length === 0) return result;
  const [teamRows, countRows] = await Promise.all([
    db
      .select()
      .from(teamMembers)
      .where(inArray(teamMembers.userId, userIds))
      .orderBy(asc(teamMembers.userId), asc(teamMembers.position)),
    db
      .select({ userId: projects.userId, n: count() })
      .from(projects)
      .where(and(inArray(projects.userId, userIds), eq(projects.isPrivate, false)))
      .groupBy(projects.userId),
  ]);
  for (const t of teamRows) result.get(t.userId)?.teams.push({ name: t.name, role: t.role, profileImage: t.profileImage });
  for (const c of countRows) {
    const extras = result.get(c.userId);
    if (extras) extras.projectCount = Number(c.n);
  }
  return result;
}

export async function userJson(db: Database, row: UserRow): Promise<User> {
  const extras = await loadUserExtras(db, [row.id]);
  return toUserJson(row, extras.get(row.id)!);
}
