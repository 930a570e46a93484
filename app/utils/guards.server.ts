import { redirect } from '@remix-run/node';
import { ADMIN_LOGIN_PATH, getAdminSession } from './admin-session.server';
import { getSession, logoutRedirect, type SessionUser } from './session.server';
import { isFirmRole } from '../../server/contract/vocabulary';
import { signedInTarget, signInHref } from './paths';

/**
 * The web's guards, in one module: each loader and action calls its own
 * (STYLE.md: a layout's guard does not protect its children). A guard answers the signed-in
 * account (or the admin session's token) or throws the redirect that sends the visitor where
 * they belong.
 */

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
 * The guard of every workspace loader and action: a firm account or an employee (others are
 * redirected as `requireFirm` does). It reads only the session, so it throws nothing but redirects;
 * the route's own api calls map their failures (asErrorResponse, form-action.server.ts).
 */
export const requireWorkspaceUser = requireFirm;

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

/** Public-only pages: a signed-in visitor is sent to /explore (or to the same-site `redirectTo` a sign-in link carries). */
export async function requireAnonymous(request: Request, redirectTo?: string | null): Promise<void> {
  const session = await getSession(request);
  if (session.get('token')) throw redirect(signedInTarget(redirectTo));
}

/**
 * What needs an account on a public page (an enquiry): the signed-in user, or a redirect to the
 * sign-in view that returns to this page with the Contact popup open (docs/decisions/385).
 */
export async function requireUserOrSignIn(request: Request, back: string): Promise<SessionUser> {
  const session = await getSession(request);
  const user = session.get('user');
  if (!session.get('token') || !user) throw redirect(signInHref(back));
  return user;
}

export async function optionalSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request)).get('user') ?? null;
}

/** The super-admin's token (its own session, docs/decisions/042), or a redirect to the admin login for a visitor without one. */
export async function requireAdmin(request: Request): Promise<{ token: string; email: string }> {
  const session = await getAdminSession(request);
  const token = session.get('token');
  if (!token) throw redirect(ADMIN_LOGIN_PATH);
  return { token, email: session.get('email') ?? '' };
}

export { logoutRedirect };
