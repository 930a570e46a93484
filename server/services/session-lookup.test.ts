import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countQueries } from '../../tests/helpers/query-counter';
import { bearer, createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { sessions, users } from '../db/schema';
import { createEmployee, createFirm, createUser } from '../seed/factories';
import { createSession } from '../queries/sessions';

/**
 * The session lookup kept for SESSION_CACHE_MS (docs/decisions/177): a burst of calls with one
 * token costs one statement, and whatever the api itself changes about a session counts from the
 * very next call.
 */
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({ SESSION_CACHE_MS: '10000', PUBLIC_CACHE_MS: '10000' });
});
afterAll(() => api?.close());

const call = (method: 'GET' | 'POST', url: string, token: string) => api.app.inject({ method, url: `/api${url}`, headers: bearer(token) });
const tokenOf = async (userId: string) => (await createSession(api.db, userId, { remember: false })).token;

describe('the session lookup behind every signed-in call', () => {
  it('reads a token’s session once for a burst of calls', async () => {
    const token = await tokenOf((await createUser(api.db)).id);
    // The explore page itself comes from the public cache: what is left is the session's lookup.
    expect((await call('GET', '/projects/explore?page=1&limit=12', token)).statusCode).toBe(200);
    const again = await countQueries(api, () => call('GET', '/projects/explore?page=1&limit=12', token));
    expect(again.result.statusCode).toBe(200);
    expect(again.queries).toHaveLength(0);
  });

  it('ends a session signed out through the api on its next call', async () => {
    const token = await tokenOf((await createUser(api.db)).id);
    expect((await call('GET', '/users/me', token)).statusCode).toBe(200);
    expect((await call('POST', '/users/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/users/me', token)).statusCode).toBe(401);
  });

  it('shuts out an employee its firm deactivates, from the next call, though the session was just read', async () => {
    const firm = await createFirm(api.db);
    const employee = await createEmployee(api.db, firm.id);
    const [firmToken, employeeToken] = [await tokenOf(firm.id), await tokenOf(employee.id)];
    expect((await call('GET', '/projects', employeeToken)).statusCode).toBe(200);
    expect((await call('POST', `/employees/${employee.id}/deactivate`, firmToken)).statusCode).toBe(200);
    expect((await call('GET', '/projects', employeeToken)).statusCode).toBe(401);
  });

  it('does not answer with a session past its expiry, even one read a moment before', async () => {
    const user = await createUser(api.db);
    const token = await tokenOf(user.id);
    await api.db.update(sessions).set({ expiresAt: new Date(Date.now() + 300) }).where(eq(sessions.userId, user.id));
    expect((await call('GET', '/users/me', token)).statusCode).toBe(200);
    // The clock moves past the expiry (only Date is faked: sockets and timers run as usual).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 400);
      expect((await call('GET', '/users/me', token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sees a change made outside the api (a script) once any api write has gone through', async () => {
    const user = await createUser(api.db);
    const token = await tokenOf(user.id);
    expect((await call('GET', '/users/me', token)).statusCode).toBe(200);
    await api.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    // Kept for SESSION_CACHE_MS (here 10 s) unless a write empties it:
    expect((await call('GET', '/users/me', token)).statusCode).toBe(200);
    const other = await tokenOf((await createUser(api.db)).id);
    expect((await call('POST', '/users/logout', other)).statusCode).toBe(200);
    expect((await call('GET', '/users/me', token)).statusCode).toBe(401);
  });
});
