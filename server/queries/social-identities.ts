import { and, eq } from 'drizzle-orm';
import { VERIFY } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { socialIdentities, users } from '../db/schema/index.js';
import type { UserRow } from './users.js';

/** Provider identities (Google, Apple) linked to accounts: (provider, subject) is the key. */

type Identity = { provider: string; subject: string };

const sameIdentity = ({ provider, subject }: Identity) => and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject));

/** The account linked to an identity, with the email the identity had when last seen. */
export async function findIdentityAccount(db: Database, identity: Identity): Promise<{ user: UserRow; email: string | null } | undefined> {
  const [row] = await db
    .select({ user: users, email: socialIdentities.email })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(sameIdentity(identity))
    .limit(1);
  return row;
}

export async function updateIdentityEmail(db: Database, identity: Identity, email: string | null) {
  await db.update(socialIdentities).set({ email }).where(sameIdentity(identity));
}

/** Links an identity to an account; a link already made (by a concurrent request) stays as it is. */
export async function linkIdentity(db: Database, identity: Identity & { userId: string; email: string }) {
  await db.insert(socialIdentities).values(identity).onConflictDoNothing();
}

/**
 * Creates an explorer account without a password for a verified identity, linked to it, in one
 * transaction; undefined when an account with this email appeared meanwhile.
 */
export function createIdentityAccount(db: Database, identity: Identity & { email: string; userName: string }): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        id: newId(),
        userName: identity.userName,
        email: identity.email,
        passwordHash: null,
        role: 'explorer',
        loginType: identity.provider,
        isVerify: VERIFY.none,
        // Only a provider-verified address creates an account (social-login.ts): it is proven (decision 340).
        emailConfirmedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    await tx.insert(socialIdentities).values({ provider: identity.provider, subject: identity.subject, userId: row.id, email: identity.email });
    return row;
  });
}
