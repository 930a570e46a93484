import { asc, eq, inArray, sql } from 'drizzle-orm';
import { isId } from '../contract/http.js';
import type { User } from '../contract/users.js';
import type { LoginType, Role } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { teamMembers, users } from '../db/schema/index.js';

/** Accounts (users table): lookups and the account JSON of DESIGN.md section 4. */

export type UserRow = typeof users.$inferSelect;

/** The account with this email (case-insensitive), or undefined. */
export const findUserByEmail = async (db: Database, email: string) =>
  // No stored email holds a NUL (PostgreSQL text cannot), and querying with one is a database error.
  email.includes('\u0000')
    ? undefined
    : (await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1))[0];

/** The account with this id, or undefined (also for a malformed id). */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

type Extras = { teams: User['teams'] };

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
    businessEmail: row.businessEmail,
    website: row.website,
    userDetails: row.userDetails,
    profileImage: row.profileImage,
    teams: extras.teams,
    // Kept by the database's triggers (decision 183): no count over the firm's projects.
    projectCount: row.shownProjectCount,
    HasPassword: row.passwordHash !== null,
    isVerify: row.isVerify,
    isSuperAdmin: row.isSuperAdmin,
    isSubAdmin: row.isSubAdmin,
    timeZone: row.timeZone,
  };
}

/** The teams of many users in one query (no N+1). */
export async function loadUserExtras(db: Database, userIds: string[]): Promise<Map<string, Extras>> {
  const result = new Map<string, Extras>(userIds.map((id) => [id, { teams: [] }]));
  if (userIds.length === 0) return result;
  const teamRows = await db.select().from(teamMembers).where(inArray(teamMembers.userId, userIds)).orderBy(asc(teamMembers.userId), asc(teamMembers.position));
  for (const t of teamRows) result.get(t.userId)?.teams.push({ name: t.name, role: t.role, profileImage: t.profileImage });
  return result;
}

/** An employee's firm as the account's JSON and the web's sidebar name it. */
export function employerJson(firm: Pick<UserRow, 'id' | 'firmName' | 'userName' | 'profileImage' | 'timeZone'>) {
  return { id: firm.id, name: firm.firmName || firm.userName, profileImage: firm.profileImage, timeZone: firm.timeZone };
}

/** One account's JSON; an employee's also names its firm (one more small query, employees only). */
export async function userJson(db: Database, row: UserRow): Promise<User> {
  const [extras, employer] = await Promise.all([loadUserExtras(db, [row.id]), row.firmId ? findUserById(db, row.firmId) : undefined]);
  return {
    ...toUserJson(row, extras.get(row.id)!),
    employer: employer ? employerJson(employer) : null,
    // An employee's dates are its firm's (decision 265).
    ...(employer ? { timeZone: employer.timeZone } : {}),
  };
}

type NewUser = Omit<typeof users.$inferInsert, 'id'>;

/** Creates an account; undefined when the email is taken (the unique index decides, so two sign-ups cannot both win). */
export async function insertUser(db: Database, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ id: newId(), ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Changes an account's fields (a password or a confirmed email goes through `setCredentials`, which ends sessions); undefined when it is gone. */
export async function updateUser(db: Database, id: string, fields: Partial<Omit<NewUser, 'passwordHash'>>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** A firm's profile teams replaced by `teams` in their order; a row keeps the photo of the earlier row of the same name. */
export async function replaceTeams(tx: Database, userId: string, teams: Array<{ name: string; role: string }>) {
  const before = await tx.delete(teamMembers).where(eq(teamMembers.userId, userId)).returning();
  const photos = new Map(before.filter((t) => t.profileImage).map((t) => [t.name.toLowerCase(), t.profileImage]));
  if (!teams.length) return;
  await tx.insert(teamMembers).values(
    teams.map((t, position) => ({ id: newId(), userId, position, name: t.name, role: t.role, profileImage: photos.get(t.name.toLowerCase()) ?? null })),
  );
}

/** The account proved it receives mail at `email` (decision 340): a provider verified it at sign-in. */
export async function markEmailConfirmed(db: Database, id: string, email: string) {
  await db
    .update(users)
    .set({ emailConfirmedAt: new Date() })
    .where(sql`${users.id} = ${id} and lower(${users.email}) = lower(${email})`);
}

/**
 * Keeps the hash of the sign-up mail's address link (decision 340) in the account's confirmation
 * column. Only for an account that is not a firm's unconfirmed employee (whose welcome link uses
 * the same column); false when there is none such.
 */
export async function setAddressToken(db: Database, id: string, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ confirmationTokenHash: tokenHash })
    .where(sql`${users.id} = ${id} and ${users.unconfirmedSince} is null`)
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The account of an address link, its address now proven and the link used; undefined for an unknown or used link. */
export async function confirmAddressByToken(db: Database, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ confirmationTokenHash: null, emailConfirmedAt: new Date() })
    .where(sql`${users.confirmationTokenHash} = ${tokenHash} and ${users.unconfirmedSince} is null`)
    .returning();
  return row;
}
