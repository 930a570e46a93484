import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../server/db/schema';
import { createEmployee, createFirm, createPublicProject, createUser } from '../server/seed/factories';
import { createSession, revokeAllSessions } from '../server/queries/sessions';
import { VERIFY } from '../server/contract/vocabulary';
import { createTestApi, type TestApi } from './helpers/test-api';
import { countQueries } from './helpers/query-counter';
import { DATA_REQUEST_HEADER } from '../app/utils/data-request.server';

/**
 * The web's signed snapshot of the viewer (docs/decisions/131): pages
 * do not ask the api who the viewer is, yet a deleted or signed-out account loses access on its
 * next request and a changed account is refreshed. The web's loaders run against a real api.
 */

let api: TestApi;
let web: {
  exploreLoader: typeof import('../app/routes/explore._index').loader;
  sessionStorage: typeof import('../app/utils/session.server').sessionStorage;
  toSessionUser: typeof import('../app/utils/session.server').toSessionUser;
  userJson: typeof import('../server/queries/users').userJson;
};

beforeAll(async () => {
  api = await createTestApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  // The web's modules read their environment when first imported.
  vi.stubEnv('API_URL', `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`);
  vi.stubEnv('SESSION_SECRET', 'a-test-secret-for-the-viewer-session');
  // Test files share their modules (vitest.config.ts): read them afresh, under this environment.
  vi.resetModules();
  const [explore, session, queries, client, viewer] = await Promise.all([
    import('../app/routes/explore._index'),
    import('../app/utils/session.server'),
    import('../server/queries/users'),
    import('../app/utils/api.server'),
    import('../app/utils/viewer.server'),
  ]);
  // As the web's entry does (app/entry.server.tsx); this test loads routes without it.
  client.setViewerVersionHook(viewer.refreshStaleViewer);
  web = { exploreLoader: explore.loader, sessionStorage: session.sessionStorage, toSessionUser: session.toSessionUser, userJson: queries.userJson };
  const firm = await createFirm(api.db);
  await createPublicProject(api.ctx, firm.id, { images: [] });
});
afterAll(() => api.close());
afterAll(() => vi.unstubAllEnvs());

/** A signed-in account (an explorer unless `made` says otherwise) and the cookie the web would hold for it. */
async function signedIn(fields: Parameters<typeof createUser>[1] = {}, made?: Awaited<ReturnType<typeof createUser>>) {
  const user = made ?? (await createUser(api.db, fields));
  const { token } = await createSession(api.db, user.id, { remember: false });
  const session = await web.sessionStorage.getSession();
  session.set('token', token);
  session.set('user', web.toSessionUser(await web.userJson(api.db, user)));
  const cookie = (await web.sessionStorage.commitSession(session)).split(';')[0]!;
  return { user, cookie };
}

/** The explore page's loader for `cookie`: its answer, or the Response it threw. */
async function explore(cookie: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request('http://web.test/explore', { headers: { cookie, ...headers } });
  try {
    return await web.exploreLoader({ request, params: {}, context: { cspNonce: '', clientAddress: '127.0.0.1' } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const sessionOf = async (response: Response) => web.sessionStorage.getSession(response.headers.get('set-cookie'));

describe('the viewer snapshot in the session', () => {
  it('serves a signed-in page with the page’s own api call only: no /users/me, at most 2 SQL statements', async () => {
    const { cookie } = await signedIn();
    const { result, queries } = await countQueries(api, () => explore(cookie));
    expect(result.status).toBe(200);
    expect((await result.json()).items.length).toBe(1);
    // The session's token lookup and the explore statement (projects, images, owners and total in one).
    expect(queries.length).toBeLessThanOrEqual(2);
  });

  it('ends the session of a deleted account on its next request', async () => {
    const { user, cookie } = await signedIn();
    expect((await explore(cookie)).status).toBe(200);
    await api.db.delete(users).where(eq(users.id, user.id));
    const response = await explore(cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect((await sessionOf(response)).get('token')).toBeUndefined();
  });

  it('ends the session of an account signed out everywhere (password reset, deactivation) on its next request', async () => {
    const { user, cookie } = await signedIn();
    await revokeAllSessions(api.db, user.id);
    const response = await explore(cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('refreshes a snapshot the api shows to be old (a firm approved on another device), then serves the page', async () => {
    const { user, cookie } = await signedIn({ role: 'explorer' });
    await api.db.update(users).set({ role: 'architect', firmName: 'Approved Studio', isVerify: VERIFY.approved }).where(eq(users.id, user.id));
    const response = await explore(cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://web.test/explore');
    const fresh = await sessionOf(response);
    expect(fresh.get('user')).toMatchObject({ role: 'architect', firmName: 'Approved Studio', isVerify: VERIFY.approved });
    // With the fresh cookie the page is served, with no further refresh.
    const again = await explore((response.headers.get('set-cookie') ?? '').split(';')[0]!);
    expect(again.status).toBe(200);
  });

  it('keeps serving a data request (a fetcher’s next page) with the old snapshot rather than redirecting it', async () => {
    const { user, cookie } = await signedIn({ role: 'explorer' });
    await api.db.update(users).set({ userName: 'Renamed Elsewhere' }).where(eq(users.id, user.id));
    const response = await explore(cookie, { [DATA_REQUEST_HEADER]: '1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    // The next page load refreshes it.
    expect((await explore(cookie)).status).toBe(302);
  });

  it('refreshes an employee’s snapshot when its firm renames itself, so the sidebar names the firm’s new name', async () => {
    const firm = await createFirm(api.db, { firmName: 'Old Name Studio' });
    const employee = await createEmployee(api.db, firm.id);
    const { cookie } = await signedIn({}, employee);
    expect((await explore(cookie)).status).toBe(200);
    await api.db.update(users).set({ firmName: 'New Name Studio' }).where(eq(users.id, firm.id));
    const response = await explore(cookie);
    expect(response.status).toBe(302);
    expect((await sessionOf(response)).get('user')).toMatchObject({ employer: { id: firm.id, name: 'New Name Studio' } });
    expect((await explore((response.headers.get('set-cookie') ?? '').split(';')[0]!)).status).toBe(200);
  });

  it('reads an employee’s firm in the session’s own statement: still at most 2 SQL statements a page', async () => {
    const firm = await createFirm(api.db);
    const { cookie } = await signedIn({}, await createEmployee(api.db, firm.id));
    const { result, queries } = await countQueries(api, () => explore(cookie));
    expect(result.status).toBe(200);
    expect(queries.length).toBeLessThanOrEqual(2);
  });
});
