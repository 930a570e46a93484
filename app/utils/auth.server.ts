import { redirect } from '@remix-run/node';
import { getSession, logoutRedirect, type SessionUser } from './session.server';
import { isFirmRole } from '../../server/contract/vocabulary';

/**
 * The signed-in user as the session's signed snapshot has it (docs/decisions/131): no api call.
 * A token revoked server-side (signed out elsewhere, account deleted, password reset) still ends
 * the session at the next navigation: every page sends the token with its own api call, which
 * answers 401, and `api()` then clears the session. Anyone without a session is sent to `/`.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const session = await getSession(request);
  const user = session.get('user');
  if (!session.get('token') || !user) throw redirect('/');
  return user;
}

/** Firm accounts (and their employees) only: the portfolio and the workspace. */
export async function requireFirm(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isFirmRole(user.role) && user.role !== 'employee') throw redirect('/explore');
  return user;
}

/**
 * The firm's own portfolio pages: the firm account only (the api refuses its employees, decision
 * 021). An employee is sent to its workspace, an explorer to /explore (decision 211).
 */
export async function requirePortfolioOwner(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role === 'employee') throw redirect('/workspace/project');
  if (!isFirmRole(user.role)) throw redirect('/explore');
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
