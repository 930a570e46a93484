import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createCookieSessionStorage } from '@remix-run/node';
import { toSessionUser, type AccountLike } from '../app/utils/session-user';

/**
 * Lighthouse's mobile accessibility and SEO scores of the main pages, against an
 * instance that is already running with the demo data (for example the end-to-end servers, or
 * `npm start` after `npm run seed`). Not part of `npm test`: it takes about ten seconds a page.
 *
 *   WEB_URL=http://127.0.0.1:3300 API_URL=http://127.0.0.1:3301 SESSION_SECRET=… npx tsx scripts/lighthouse.ts
 *
 * Lighthouse is not a dependency of the project: it runs through `npx lighthouse@13.5.0` (the npm
 * cache) with the Debian Chromium (CHROME_PATH). Signed-in pages get a session cookie made the way
 * the end-to-end fixtures make it (an api token in the signed `__session` cookie).
 */

const run = promisify(execFile);
const WEB_URL = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const API_URL = process.env.API_URL ?? 'http://127.0.0.1:3001';
const SESSION_SECRET = process.env.SESSION_SECRET ?? 'e2e-session-secret-0123456789';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@13.5.0';

type Account = 'visitor' | 'explorer@demo.test' | 'studio@demo.test';

async function api<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${API_URL}/api${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

const storage = createCookieSessionStorage({ cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: [SESSION_SECRET] } });

/** The Cookie header of a signed-in demo account (its snapshot as the web keeps it). */
async function sessionCookie(email: string): Promise<{ cookie: string; token: string; id: string }> {
  const login = await api<{ token: string }>('/users/login', { body: { email, password: 'demo1234' } });
  const { data: me } = await api<{ data: AccountLike }>('/users/me', { token: login.token });
  const session = await storage.getSession();
  session.set('token', login.token);
  session.set('user', toSessionUser(me));
  session.set('remember', false);
  return { cookie: (await storage.commitSession(session)).split(';')[0]!, token: login.token, id: me.id };
}

type Scores = { accessibility: number; seo: number };

async function audit(url: string, cookie?: string): Promise<Scores> {
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=accessibility,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const { stdout } = await run('npx', args, { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(stdout) as { categories: Record<string, { score: number | null }> };
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  return { accessibility: score('accessibility'), seo: score('seo') };
}

async function main() {
  const explorer = await sessionCookie('explorer@demo.test');
  const firm = await sessionCookie('studio@demo.test');
  const { projects } = await api<{ projects: Array<{ id: string }> }>('/projects/portfolio', { token: firm.token });
  const pages: Array<[Account, string]> = [
    ['visitor', '/'],
    ['visitor', '/?view=signup'],
    ['visitor', '/admin/login'],
    ['explorer@demo.test', '/explore'],
    ['explorer@demo.test', `/explore/${projects[0]!.id}`],
    ['explorer@demo.test', '/firms'],
    ['explorer@demo.test', `/firms/${firm.id}`],
    ['studio@demo.test', '/portfolio'],
    ['studio@demo.test', '/workspace/project'],
  ];
  const cookies: Record<Account, string | undefined> = { visitor: undefined, 'explorer@demo.test': explorer.cookie, 'studio@demo.test': firm.cookie };
  console.log('page\taccount\taccessibility\tseo');
  for (const [account, path] of pages) {
    const scores = await audit(`${WEB_URL}${path}`, cookies[account]);
    console.log(`${path}\t${account}\t${scores.accessibility}\t${scores.seo}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
