import { redirect } from '@remix-run/node';
import { getMe } from '~/models/users.server';
import { getSession, logoutRedirect, type SessionUser } from './session.server';
import type { User } from '../../server/contract/users';
import { isFirmRole } from '../../server/contract/vocabulary';

/**
 * The signed-in user, checked with the api on every call so a token revoked server-side
 * ends the session at the next navigation. Anyone else is sent to `/`.
 */
export async function requireUser(request: Request): Promise<User> {
  const session = await getSession(request);
  if (!session.get('token')) throw redirect('/');
  const { data } = await getMe(request);
  return data;
}

/** Firm accounts (and their employees) only: the portfolio and the workspace. */
export async function requireFirm(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!isFirmRole(user.role) && user.role !== 'employee') throw redirect('/explore');
  return user;
}

/** Public-only pages: a signed-in visitor is sent to /explore. */
export async function requireAnonymous(request: Request): Promise<void> {
  const session = await getSession(request);
  if (session.get('token')) throw redirect('/explore');
}

export async function optionalSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request)).get('user') ?? null;
}

export { logoutRedirect };
