import { zoneOf } from '../../server/contract/dates';
import type { User } from '../../server/contract/users';

/**
 * The viewer's snapshot kept in the web's session cookie, and how an account becomes one: here,
 * apart from the cookie's storage, so that the end-to-end fixtures and the bench sign in with the
 * very snapshot the web writes.
 */

/** What the header and guards need without an api call. */
export type SessionUser = Pick<User, 'id' | 'userName' | 'role' | 'email' | 'firmName' | 'profileImage' | 'isVerify' | 'HasPassword'> & {
  isSubAdmin: boolean;
  employer: NonNullable<User['employer']> | null;
  /** The firm's time zone (decision 265): every date the pages show this person. */
  timeZone: string;
};

/** An account as the api sends it (or an older snapshot), before it becomes the session's snapshot. */
export type AccountLike = Omit<SessionUser, 'isSubAdmin' | 'employer' | 'timeZone'> & Partial<Pick<User, 'isSubAdmin' | 'employer' | 'timeZone'>>;

export function toSessionUser(user: AccountLike): SessionUser {
  const { id, userName, role, email, firmName, profileImage, isVerify, HasPassword } = user;
  // Sub-admin and employer: what the workspace's sidebar shows an employee (its firm, its links).
  return { id, userName, role, email, firmName, profileImage, isVerify, HasPassword, isSubAdmin: user.isSubAdmin ?? false, employer: user.employer ?? null, timeZone: zoneOf(user) };
}
