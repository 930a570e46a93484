import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { env } from './env.server';

/**
 * The super-admin's web session (docs/decisions/042): its own cookie `__admin`, scoped to /admin,
 * holding an admin-kind api token. It is separate from the firm session (`__session`): signing in
 * to one never signs in to the other, and any 401 on an admin call ends only this one.
 */
export const adminSessionStorage = createCookieSessionStorage<{ token: string; email: string }>({
  cookie: {
    name: '__admin',
    httpOnly: true,
    sameSite: 'lax',
    path: '/admin',
    secure: env.secureCookies,
    secrets: [env.SESSION_SECRET],
  },
});

export const ADMIN_LOGIN_PATH = '/admin/login';
export const ADMIN_HOME_PATH = '/admin/dashboard';

export function getAdminSession(request: Request) {
  return adminSessionStorage.getSession(request.headers.get('Cookie'));
}

/** Set-Cookie of a new admin session (a browser-session cookie: it ends with the browser). */
export async function commitAdminSession(request: Request, token: string, email: string) {
  const session = await getAdminSession(request);
  session.set('token', token);
  session.set('email', email);
  return adminSessionStorage.commitSession(session);
}

/** Ends the admin session and goes to the admin login. */
export async function adminLogoutRedirect(request: Request) {
  const session = await getAdminSession(request);
  return redirect(ADMIN_LOGIN_PATH, { headers: { 'Set-Cookie': await adminSessionStorage.destroySession(session) } });
}
