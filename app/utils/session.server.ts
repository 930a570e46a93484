import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { env } from './env.server';
import type { User } from '../../server/contract/users';

/** What the header and guards need without an api call. */
export type SessionUser = Pick<User, 'id' | 'userName' | 'role' | 'email' | 'firmName' | 'profileImage' | 'isVerify' | 'HasPassword'>;

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

export function toSessionUser(user: User): SessionUser {
  const { id, userName, role, email, firmName, profileImage, isVerify, HasPassword } = user;
  return { id, userName, role, email, firmName, profileImage, isVerify, HasPassword };
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
export async function updateSessionUser(request: Request, user: User) {
  const session = await getSession(request);
  session.set('user', toSessionUser(user));
  return sessionStorage.commitSession(session, session.get('remember') ? { maxAge: SEVEN_DAYS } : {});
}

export async function destroyUserSession(request: Request) {
  return sessionStorage.destroySession(await getSession(request));
}

/** Any 401 from the api: the web session ends and the visitor lands on the home page. */
export async function logoutRedirect(request: Request, to = '/') {
  return redirect(to, { headers: { 'Set-Cookie': await destroyUserSession(request) } });
}
