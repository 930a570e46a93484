import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { teamMembers, users } from '../db/schema.js';
import { hashPassword } from '../services/passwords.js';
import { VERIFY } from '../contract/vocabulary.js';

type NewUser = typeof users.$inferInsert;

let counter = 0;
const hashes = new Map<string, Promise<string>>();
// Hashing is deliberately slow; factories reuse one hash per distinct password.
const cachedHash = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** Inserts a user; `password: null` makes an account without a password (a social sign-in). */
export async function createUser(
  db: Database,
  fields: Partial<Omit<NewUser, 'passwordHash'>> & { password?: string | null } = {},
) {
  counter += 1;
  const { password = 'secret123', ...rest } = fields;
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      userName: `User ${counter}`,
      email: `user${counter}-${newId().slice(0, 6)}@example.test`,
      passwordHash: password === null ? null : await cachedHash(password),
      ...rest,
    })
    .returning();
  return row!;
}

export async function createFirm(
  db: Database,
  fields: Parameters<typeof createUser>[1] & { teams?: Array<{ name: string; role: string }> } = {},
) {
  const { teams = [], ...rest } = fields;
  const firm = await createUser(db, {
    role: 'architect',
    firmType: rest.role ?? 'architect',
    isVerify: VERIFY.approved,
    firmName: rest.firmName ?? `Studio ${counter + 1}`,
    ...rest,
  });
  if (teams.length) {
    await db.insert(teamMembers).values(teams.map((t, position) => ({ id: newId(), userId: firm.id, position, ...t })));
  }
  return firm;
}
