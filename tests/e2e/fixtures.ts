import fs from 'node:fs/promises';
import path from 'node:path';
import { createCookieSessionStorage } from '@remix-run/node';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { E2E } from './env';
import { toSessionUser, type AccountLike } from '../../app/utils/session-user';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO = {
  explorer: 'explorer@demo.test',
  firm: 'studio@demo.test',
  interiorFirm: 'interiors@demo.test',
  admin: 'admin@demo.test',
};

const storage = createCookieSessionStorage({
  cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: [E2E.sessionSecret] },
});

/** Calls the api directly (not through the browser). */
export async function apiCall<T>(method: string, pathname: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(`${E2E.apiURL}/api${pathname}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
}

/**
 * A change made through the api as a colleague would make it from a page read just now (docs/decisions/320):
 * `read` gives the record as it is (its `version`), the change names that version.
 */
export async function apiChange<T>(method: 'PUT' | 'PATCH', pathname: string, changes: Record<string, unknown>, token: string, read: () => Promise<{ version: number } | null | undefined>) {
  const current = await read();
  return apiCall<T>(method, pathname, { ...changes, version: current?.version ?? 0 }, token);
}

type ApiUser = { id: string; userName: string; role: string; email: string; firmName: string | null; profileImage: string | null; isVerify: number; HasPassword: boolean };

/** Signs a user in by creating a session directly: an api token put into a signed web cookie. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<{ token: string; user: ApiUser }> {
  const { status, json } = await apiCall<{ data: ApiUser; token: string }>('POST', '/users/login', { email, password });
  if (status !== 200) throw new Error(`login as ${email} failed: ${status}`);
  const session = await storage.getSession();
  // The snapshot the web keeps (toSessionUser), from /users/me as the web reads it: a snapshot the
  // api's viewer version disagrees with is refreshed by a redirect (decision 131).
  const me = await apiCall<{ data: AccountLike }>('GET', '/users/me', undefined, json.token);
  session.set('token', json.token);
  session.set('user', toSessionUser(me.json.data));
  session.set('remember', false);
  const cookie = await storage.commitSession(session);
  const value = cookie.split(';')[0]!.split('=').slice(1).join('=');
  await page.context().addCookies([{ name: '__session', value, url: E2E.baseURL }]);
  return { token: json.token, user: json.data };
}

/** Registers a fresh account through the api (unique email per call). */
export async function registerUser(fields: { role?: string; password?: string } = {}) {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const password = fields.password ?? 'secret123';
  const { status, json } = await apiCall<{ userData: ApiUser; token: string }>('POST', '/users/register', {
    userName: 'E2E User',
    email,
    password,
    role: fields.role ?? 'explorer',
    loginType: 'normal',
  });
  if (status !== 201) throw new Error(`register failed: ${status}`);
  return { email, password, user: json.userData, token: json.token };
}

/**
 * The newest mail sent to an address, from the api's outbox folder; with `subject`, the newest of
 * that subject (a registered account also gets the sign-up's address link, decision 340, which
 * must not be taken for the mail a test waits for).
 */
export async function lastMailTo(email: string, subject?: string): Promise<{ subject: string; text: string }> {
  const dir = path.join(E2E.dataDir, 'outbox');
  for (let i = 0; i < 20; i++) {
    const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8'));
      if (mail.to === email && (subject === undefined || mail.subject === subject)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email}`);
}

/** Whether this test runs with JavaScript (the "js" project) or without ("no-js"). */
export const test = base.extend<{ js: boolean }>({
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
});

/** With JavaScript, waits until React has hydrated (root sets data-hydrated), so clicks are enhanced. */
export async function ready(page: Page, js: boolean) {
  // The page's JavaScript may take long to load and run on a busy machine: a condition, with room.
  if (js) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
}

export { expect };

/** Nothing on the page is wider than the window: a phone never scrolls it sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

/**
 * The POST requests the page sends while `act` runs (form submissions, with or without JavaScript):
 * shows whether a form posts only when submitted, not while someone types.
 */
export async function postsDuring(page: Page, act: () => Promise<unknown>): Promise<string[]> {
  const posts: string[] = [];
  const onRequest = (request: Request) => {
    if (request.method() === 'POST') posts.push(request.url());
  };
  page.on('request', onRequest);
  try {
    await act();
  } finally {
    page.off('request', onRequest);
  }
  return posts;
}

const adminStorage = createCookieSessionStorage({
  cookie: { name: '__admin', httpOnly: true, sameSite: 'lax', path: '/admin', secrets: [E2E.sessionSecret] },
});

/** Signs the super-admin in by creating its `__admin` session directly (the admin login journey has its own tests). */
export async function loginAsAdmin(page: Page, email = DEMO.admin, password = DEMO_PASSWORD): Promise<string> {
  const { status, json } = await apiCall<{ token: string }>('POST', '/admin/login', { email, password });
  if (status !== 200) throw new Error(`admin login as ${email} failed: ${status}`);
  const session = await adminStorage.getSession();
  session.set('token', json.token);
  session.set('email', email);
  const cookie = await adminStorage.commitSession(session);
  const value = cookie.split(';')[0]!.split('=').slice(1).join('=');
  await page.context().addCookies([{ name: '__admin', value, domain: '127.0.0.1', path: '/admin' }]);
  return json.token;
}
