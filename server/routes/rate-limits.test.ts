import crypto from 'node:crypto';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ON_PGLITE } from '../../tests/setup/test-database';
import { createTestApi, startTestApi, type TestApi } from '../../tests/helpers/test-api';
import { TEST_REDIS_URL } from '../../tests/setup/redis-url';
import { loadConfig } from '../config';
import { createAppContext } from '../context';
import { openDatabase } from '../db/connection';
import { rateLimitCounters } from '../db/schema';
import { createUser } from '../seed/factories';
import { createOrResetSuperAdmin } from '../queries/admin-accounts';

/** The limits of these tests: 3 failures per account and address, 6 per address, the account delay on. */
const LIMITS = { RATE_LIMIT_MAX: '3', RATE_LIMIT_ADDRESS_MAX: '6', RATE_LIMIT_MAX_DELAY_SECONDS: '30' };

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(LIMITS);
});
afterAll(() => api.close());

let seq = 0;
const uniqueEmail = (prefix = 'rl') => `${prefix}${++seq}-${Date.now().toString(36)}@example.test`;
let addressSeq = 0;
/** A visitor address no other test uses. */
const newAddress = () => `198.51.${100 + Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

/** A request as the web sends it: from loopback, with the visitor's address in X-Forwarded-For. */
const post = (target: TestApi, url: string, payload: object, visitor: string) =>
  target.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { 'x-forwarded-for': visitor } });
const login = (target: TestApi, email: string, password: string, visitor: string) => post(target, '/users/login', { email, password }, visitor);

describe('sign-in limits', () => {
  it('counts failures, not successes: a right password signs in any number of times from one address', async () => {
    const user = await createUser(api.db, { email: uniqueEmail('ok') });
    const visitor = newAddress();
    for (let i = 0; i < 12; i++) expect((await login(api, user.email, 'secret123', visitor)).statusCode).toBe(200);
    // The allowance is whole: 3 failures before the limit.
    for (let i = 0; i < 3; i++) expect((await login(api, user.email, 'wrong-password', visitor)).statusCode).toBe(401);
    expect((await login(api, user.email, 'wrong-password', visitor)).statusCode).toBe(429);
  });

  it('one visitor’s failures never lock anyone else out: not the account, not other visitors of the same web', async () => {
    const victim = await createUser(api.db, { email: uniqueEmail('victim') });
    const other = await createUser(api.db, { email: uniqueEmail('other') });
    const attacker = newAddress();
    for (let i = 0; i < 11; i++) await login(api, victim.email, `guess-${i}`, attacker);
    const locked = await login(api, victim.email, 'secret123', attacker);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // Everyone else reaches the api through the same web (loopback) and is not affected.
    const owner = newAddress();
    expect((await login(api, victim.email, 'secret123', owner)).statusCode).toBe(200);
    expect((await login(api, other.email, 'secret123', newAddress())).statusCode).toBe(200);
    expect((await post(api, '/users/forgot-password', { email: victim.email }, owner)).statusCode).toBe(200);
  });

  it('refuses an address after its failures over several accounts', async () => {
    const visitor = newAddress();
    for (let i = 0; i < 6; i++) expect((await login(api, uniqueEmail('spray'), 'wrong-password', visitor)).statusCode).toBe(401);
    const user = await createUser(api.db, { email: uniqueEmail('sprayed') });
    expect((await login(api, user.email, 'secret123', visitor)).statusCode).toBe(429);
    expect((await login(api, user.email, 'secret123', newAddress())).statusCode).toBe(200);
  });

  it('slows guessing spread over many addresses with a growing delay, yet the super-admin signs in from a new address at once', async () => {
    const admin = { email: uniqueEmail('root'), password: 'root-password-1' };
    await createOrResetSuperAdmin(api.db, admin);
    const strangers = Array.from({ length: 8 }, newAddress);
    for (const stranger of strangers) {
      const res = await post(api, '/admin/login', { email: admin.email, password: 'guess' }, stranger);
      expect(res.statusCode).toBe(401);
    }
    // A stranger that failed must wait before its next guess (8 consecutive failures: 16 s).
    const again = await post(api, '/admin/login', { email: admin.email, password: 'guess' }, strangers[7]!);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Too many attempts for this account\. Please wait \d+ seconds/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(15);

    const res = await post(api, '/admin/login', admin, newAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
  });

  it.each([
    ['forgot-password', (email: string) => ({ email })],
    ['reset-password', (email: string) => ({ email, otp: '123456', newPassword: 'another1' })],
  ])('%s: limited per account and address, and per address', async (url, body) => {
    const email = uniqueEmail(url);
    const visitor = newAddress();
    for (let i = 0; i < 3; i++) expect((await post(api, `/users/${url}`, body(email), visitor)).statusCode).not.toBe(429);
    expect((await post(api, `/users/${url}`, body(email.toUpperCase()), visitor)).statusCode).toBe(429);
    expect((await post(api, `/users/${url}`, body(email), newAddress())).statusCode).not.toBe(429);
  });

  it('sign-up: every attempt counts against the address, successful ones included', async () => {
    const visitor = newAddress();
    const signUp = () => post(api, '/users/register', { userName: 'New', email: uniqueEmail('signup'), password: 'secret123' }, visitor);
    for (let i = 0; i < 3; i++) expect((await signUp()).statusCode).toBe(201);
    const refused = await signUp();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect((await post(api, '/users/register', { userName: 'Else', email: uniqueEmail('signup'), password: 'secret123' }, newAddress())).statusCode).toBe(201);
  });
});

// Two api processes on one database: PostgreSQL's (PGlite is one process's, decision 303).
describe.skipIf(TEST_ON_PGLITE)('counters shared by api replicas', () => {
  /** A second api process on the same database and settings (its own context, limiter and connections). */
  async function replicaOf(first: TestApi) {
    const config = first.config;
    return startTestApi(config, await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir }));
  }

  async function expectShared(one: TestApi, two: Awaited<ReturnType<typeof replicaOf>>) {
    const user = await createUser(one.db, { email: uniqueEmail('replica') });
    const visitor = newAddress();
    expect((await login(one, user.email, 'wrong-1', visitor)).statusCode).toBe(401);
    expect((await login(two as TestApi, user.email, 'wrong-2', visitor)).statusCode).toBe(401);
    expect((await login(one, user.email, 'wrong-3', visitor)).statusCode).toBe(401);
    // The fourth failure is over the limit on either replica.
    expect((await login(two as TestApi, user.email, 'secret123', visitor)).statusCode).toBe(429);
    expect((await login(one, user.email, 'secret123', visitor)).statusCode).toBe(429);
  }

  it('on PostgreSQL (the default when DATABASE_URL is set): the rate_limit_counters table', async () => {
    const two = await replicaOf(api);
    try {
      expect([api.ctx.limiter.store.kind, two.ctx.limiter.store.kind]).toEqual(['postgres', 'postgres']);
      await expectShared(api, two);
    } finally {
      await two.close();
    }
  });

  it('on Redis when REDIS_URL is set (nothing in the database)', async () => {
    const one = await createTestApi({ ...LIMITS, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `test-${crypto.randomBytes(4).toString('hex')}:` });
    const two = await replicaOf(one);
    try {
      expect([one.ctx.limiter.store.kind, two.ctx.limiter.store.kind]).toEqual(['redis', 'redis']);
      await expectShared(one, two);
      const [rows] = await one.db.select({ n: count() }).from(rateLimitCounters);
      expect(rows!.n).toBe(0);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('in memory only on the embedded database (PGlite)', () => {
    const kindFor = (env: Record<string, string>) =>
      createAppContext({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: api.config.dataDir, ...env }), db: api.db, log: pino({ level: 'silent' }) }).limiter.store.kind;
    expect(kindFor({})).toBe('memory');
    expect(kindFor({ DATABASE_URL: 'memory://' })).toBe('memory');
    expect(kindFor({ DATABASE_URL: api.config.DATABASE_URL! })).toBe('postgres');
  });
});
