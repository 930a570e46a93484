import { asc, eq } from 'drizzle-orm';
import type { Member, MemberFields } from '../contract/workspace-members.js';
import type { Database } from '../db/connection.js';
import { members } from '../db/schema/index.js';

/** Data access of project members and their JSON. */

export type MemberRow = typeof members.$inferSelect;

export function toMemberJson(row: MemberRow): Member {
  return { id: row.id, projectId: row.projectId, name: row.name, email: row.email, createdAt: row.createdAt.toISOString() };
}

/** A project's members in the order they were added. */
export function listMembers(db: Database, projectId: string) {
  return db.select().from(members).where(eq(members.projectId, projectId)).orderBy(asc(members.createdAt), asc(members.id));
}

export async function findMember(db: Database, id: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row;
}

export async function insertMember(db: Database, values: MemberFields & { id: string; projectId: string }) {
  const [row] = await db.insert(members).values(values).returning();
  return row!;
}

/** The member changed, or undefined when it is gone. */
export async function updateMember(db: Database, id: string, fields: MemberFields): Promise<MemberRow | undefined> {
  const [row] = await db.update(members).set(fields).where(eq(members.id, id)).returning();
  return row;
}

export async function deleteMember(db: Database, id: string) {
  await db.delete(members).where(eq(members.id, id));
}
