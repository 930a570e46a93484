import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { env } from './env.server';
import type { User } from '../../server/contract/users';
import { toSessionUser, type AccountLike, type SessionUser } from './session-user';

export { toSessionUser, type SessionUser };


const SEVEN_DAYS = 60 * 60 * 24 * 7;

export const sessionStorage = createCookieSessionStorage<{ token: string; user: SessionUser; remember: boolean }>({
  cookie: {
    name: '__session',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.secureCookies,
    secrets: [env.SESSION_SECRET],
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get('Cookie'));
}


export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request)).get('user') ?? null;
}

/** Set-Cookie for a signed-in user: remember = 7-day cookie, otherwise a browser-session cookie. */
export async function commitUserSession(request: Request, token: string, user: User, options: { remember: boolean }) {
  const session = await getSession(request);
  session.set('token', token);
  session.set('user', toSessionUser(user));
  session.set('remember', options.remember);
  return sessionStorage.commitSession(session, options.remember ? { maxAge: SEVEN_DAYS } : {});
}

/** Refreshes the user snapshot, keeping the cookie's lifetime as it was chosen at login. */
export async function updateSessionUser(request: Request, user: AccountLike) {
  const session = await getSession(request);
  session.set('user', toSessionUser(user));
  return sessionStorage.commitSession(session, session.get('remember') ? { maxAge: SEVEN_DAYS } : {});
}

export async function destroyUserSession(request: Request) {
  return sessionStorage.destroySession(await getSession(request));
}

/**
 * The short-lived cookies that belong to a sign-in besides `__session`: a pending toast and the
 * register-firm dialog's flashed answer. All on path `/`.
 */
export const SIGN_IN_STATE_COOKIES = ['__toast', '__register_firm'] as const;

/** Set-Cookie values that clear the whole sign-in state (the spec's 401: every piece of it, not only the session). */
export async function clearSignInState(request: Request): Promise<string[]> {
  const expired = SIGN_IN_STATE_COOKIES.map(
    (name) => `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax${env.secureCookies ? '; Secure' : ''}`,
  );
  return [await destroyUserSession(request), ...expired];
}

/** Any 401 from the api: the whole sign-in state is cleared and the visitor lands on the home page. */
export async function logoutRedirect(request: Request, to = '/') {
  const headers = new Headers();
  for (const cookie of await clearSignInState(request)) headers.append('Set-Cookie', cookie);
  return redirect(to, { headers });
}
