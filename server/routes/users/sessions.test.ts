import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { SESSION_MESSAGES as M, type SessionJson } from '../../contract/sessions';
import { auditLog, sessions } from '../../db/schema';
import { createSession, LAST_USE_EVERY_MS } from '../../queries/sessions';
import { createUser } from '../../seed/factories';
import { hashToken } from '../../services/tokens';

/**
 * The signed-in person's sessions (decision 332): listed with device, address and last use, this
 * one marked; one or every other ended, refused from its next call even with the session cache on.
 */
let api: TestApi;
beforeAll(async () => {
  // The cache on, as in production: ending a session must end its cached lookup too.
  api = await createTestApi({ SESSION_CACHE_MS: '10000' });
});
afterAll(() => api?.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string) => api.app.inject({ method, url: `/api${url}`, headers: bearer(token) });

/** Signs in through the api as a browser behind the web would: its User-Agent and the visitor's address. */
async function signIn(email: string, userAgent: string, address: string): Promise<string> {
  const res = await api.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'user-agent': userAgent, 'x-forwarded-for': address }, payload: { email, password: 'secret123', remember: true } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}
const list = async (token: string): Promise<SessionJson[]> => (await call(token, 'GET', '/users/sessions')).json().data.sessions;

describe('GET /users/sessions', () => {
  it("lists the person's own open sessions with device, address, last use, this one marked", async () => {
    const person = await createUser(api.db, { role: 'explorer' });
    const someoneElse = await createUser(api.db, { role: 'explorer' });
    const laptop = await signIn(person.email, FIREFOX, '203.0.113.7');
    await signIn(person.email, SAFARI_IPHONE, '198.51.100.20');
    await createSession(api.db, someoneElse.id, { remember: false });
    // Admin sessions are the admin area's, and a lapsed one is no longer open.
    await createSession(api.db, person.id, { remember: false, kind: 'admin' });
    const lapsed = await createSession(api.db, person.id, { remember: false });
    await api.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(lapsed.token)));

    const rows = await list(laptop);
    expect(rows).toHaveLength(2);
    const mine = rows.find((r) => r.current)!;
    // The visitor's address as the web passed it on (the api trusts the web on loopback).
    expect(mine).toMatchObject({ device: 'Firefox on Windows', address: '203.0.113.7', current: true });
    expect(rows.find((r) => !r.current)).toMatchObject({ device: 'Safari on iPhone', address: '198.51.100.20', current: false });
    expect(rows.every((r) => r.lastUsedAt !== null && r.address !== null)).toBe(true);
  });
});

describe('ending sessions', () => {
  it('ends one other session: that device is refused at its next call, though its lookup was cached', async () => {
    const person = await createUser(api.db);
    const first = await signIn(person.email, FIREFOX, '203.0.113.7');
    const second = await signIn(person.email, SAFARI_IPHONE, '198.51.100.20');
    // The second device's lookup is in the cache now.
    expect((await call(second, 'GET', '/users/me')).statusCode).toBe(200);
    const other = (await list(first)).find((r) => !r.current)!;
    const ended = await call(first, 'DELETE', `/users/sessions/${other.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: M.ended, data: { current: false } });
    expect((await call(second, 'GET', '/users/me')).statusCode).toBe(401);
    expect((await call(first, 'GET', '/users/me')).statusCode).toBe(200);
    const audit = await api.db.select().from(auditLog).where(eq(auditLog.action, 'user.session-ended'));
    expect(audit.some((a) => a.targetId === person.id)).toBe(true);
  });

  it("answers 404 for another person's session, an ended one or a malformed id, and ends nothing", async () => {
    const person = await createUser(api.db);
    const stranger = await createUser(api.db);
    const mine = await signIn(person.email, FIREFOX, '203.0.113.7');
    const theirs = await signIn(stranger.email, FIREFOX, '203.0.113.8');
    const theirId = (await list(theirs))[0]!.id;
    for (const id of [theirId, 'not-an-id', '0123456789abcdef01234567']) {
      const res = await call(mine, 'DELETE', `/users/sessions/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    expect((await call(theirs, 'GET', '/users/me')).statusCode).toBe(200);
  });

  it('ends every other session of the person, keeps this one and nobody else’s', async () => {
    const person = await createUser(api.db);
    const stranger = await createUser(api.db);
    const here = await signIn(person.email, FIREFOX, '203.0.113.7');
    const phone = await signIn(person.email, SAFARI_IPHONE, '198.51.100.20');
    const tablet = await signIn(person.email, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', '198.51.100.21');
    const theirs = await signIn(stranger.email, FIREFOX, '203.0.113.8');
    for (const token of [phone, tablet]) expect((await call(token, 'GET', '/users/me')).statusCode).toBe(200);
    const res = await call(here, 'POST', '/users/sessions/revoke-others');
    expect(res.json()).toEqual({ message: M.othersEnded(2), data: { ended: 2 } });
    for (const token of [phone, tablet]) expect((await call(token, 'GET', '/users/me')).statusCode).toBe(401);
    expect((await call(here, 'GET', '/users/me')).statusCode).toBe(200);
    expect((await call(theirs, 'GET', '/users/me')).statusCode).toBe(200);
    expect((await list(here)).map((r) => r.current)).toEqual([true]);
    expect((await call(here, 'POST', '/users/sessions/revoke-others')).json().message).toBe(M.othersEnded(0));
  });

  it('ends this very session when asked: a sign-out', async () => {
    const person = await createUser(api.db);
    const token = await signIn(person.email, FIREFOX, '203.0.113.7');
    const id = (await list(token))[0]!.id;
    expect((await call(token, 'DELETE', `/users/sessions/${id}`)).json()).toEqual({ message: M.endedThis, data: { current: true } });
    expect((await call(token, 'GET', '/users/me')).statusCode).toBe(401);
  });
});

describe('last use', () => {
  it('is written at most once a minute, not on every call', async () => {
    // Without the cache, so every call reads the session's row.
    const uncached = await createTestApi({ SESSION_CACHE_MS: '0' });
    try {
      const person = await createUser(uncached.db);
      const { token } = await createSession(uncached.db, person.id, { remember: false });
      const lastUse = async () => (await uncached.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.userId, person.id)))[0]!.at!.getTime();
      const opened = await lastUse();
      for (let i = 0; i < 3; i++) expect((await uncached.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(200);
      expect(await lastUse()).toBe(opened);
      // A minute and a bit later (moved back rather than waited for), the next call writes it.
      const earlier = new Date(opened - LAST_USE_EVERY_MS - 1000);
      await uncached.db.update(sessions).set({ lastUsedAt: earlier }).where(eq(sessions.userId, person.id));
      expect((await uncached.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(200);
      expect(await lastUse()).toBeGreaterThan(earlier.getTime() + LAST_USE_EVERY_MS);
    } finally {
      await uncached.close();
    }
  });
});
