import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, type TestApi } from '../../../tests/helpers/test-api';
import { VERIFY } from '../../contract/vocabulary';
import { sessions, users } from '../../db/schema/index';
import { createFirm, createUser } from '../../seed/factories';
import { hashToken } from '../../services/tokens';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url: `/api${url}`, headers });

let seq = 0;
const uniqueEmail = (prefix = 'person') => `${prefix}${++seq}-${Date.now().toString(36)}@example.test`;

async function sessionOf(token: string) {
  const [row] = await api.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  return row;
}

describe('GET /api/health', () => {
  it('answers ok after checking the database', async () => {
    const res = await get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });
});

describe('POST /api/users/register', () => {
  it('creates the account, answers 201 with userData and a working 7-day token, and stores the password as argon2id', async () => {
    const email = uniqueEmail('new');
    const res = await post('/users/register', { userName: 'Ada Lovelace', role: 'architect', email, password: 'hunter22', loginType: 'normal' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'userData']);
    expect(body.userData).toMatchObject({ userName: 'Ada Lovelace', role: 'architect', email, loginType: 'normal', HasPassword: true, isSuperAdmin: false });
    expect(typeof body.token).toBe('string');
    expect(body.token.length).toBeGreaterThanOrEqual(43);

    // The password never travels back, in any form.
    expect(res.body).not.toContain('hunter22');
    expect(res.body).not.toMatch(/passwordHash|password_hash|\$argon2/);

    const [row] = await api.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('hunter22');

    // The token is stored only as its hash, and sign-up always remembers (7 days).
    const session = await sessionOf(body.token);
    expect(session).toBeDefined();
    expect(session!.userId).toBe(row!.id);
    expect(session!.tokenHash).not.toBe(body.token);
    expect(Math.abs(session!.expiresAt.getTime() - (Date.now() + 7 * DAY))).toBeLessThan(60_000);

    const me = await get('/users/me', bearer(body.token));
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(row!.id);
  });

  it('defaults the role to explorer and stores the email in lower case', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await post('/users/register', { userName: 'Sam', email, password: 'secret123' });
    expect(res.statusCode).toBe(201);
    expect(res.json().userData).toMatchObject({ role: 'explorer', email: email.toLowerCase() });
  });

  it('answers 409 for a taken email, whatever its case', async () => {
    const email = uniqueEmail('foo');
    expect((await post('/users/register', { userName: 'First', email, password: 'secret123' })).statusCode).toBe(201);
    for (const variant of [email, email.toUpperCase(), `Foo${email.slice(3)}`]) {
      const res = await post('/users/register', { userName: 'Second', email: variant, password: 'secret123' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'An account with this email already exists',
        details: [{ path: 'email', message: 'An account with this email already exists' }],
      });
    }
    const rows = await api.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 to one of two simultaneous sign-ups with the same email', async () => {
    const email = uniqueEmail('race');
    const replies = await Promise.all([
      post('/users/register', { userName: 'One', email, password: 'secret123' }),
      post('/users/register', { userName: 'Two', email: email.toUpperCase(), password: 'secret123' }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['userName', { email: 'a@b.test', password: 'secret123' }, 'UserName is required'],
    ['userName', { userName: '   ', email: 'a@b.test', password: 'secret123' }, 'UserName is required'],
    ['email', { userName: 'A', password: 'secret123' }, 'Email is required'],
    ['email', { userName: 'A', email: '', password: 'secret123' }, 'Email is required'],
    ['email', { userName: 'A', email: 'not-an-email', password: 'secret123' }, 'Invalid email format'],
    ['password', { userName: 'A', email: 'a@b.test' }, 'Password is required'],
    ['password', { userName: 'A', email: 'a@b.test', password: '' }, 'Password is required'],
    ['password', { userName: 'A', email: 'a@b.test', password: '12345' }, 'Password must be at least 6 characters long'],
    ['role', { userName: 'A', email: 'a@b.test', password: 'secret123', role: 'superAdmin' }, 'Choose a role'],
    ['role', { userName: 'A', email: 'a@b.test', password: 'secret123', role: 'employee' }, 'Choose a role'],
  ])('answers 400 with a %s detail: %j → %s', async (field, payload, message) => {
    const res = await post('/users/register', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.details).toContainEqual({ path: field, message });
  });

  it('lists every missing field at once', async () => {
    const res = await post('/users/register', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'userName', message: 'UserName is required' },
        { path: 'email', message: 'Email is required' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('answers 400 for fields of the wrong type', async () => {
    const res = await post('/users/register', { userName: 42, email: ['a@b.test'], password: { p: 'secret123' } });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['userName', 'email', 'password']));
  });

  it('answers 400 for a character the database cannot store, not 500', async () => {
    const res = await post('/users/register', { userName: 'Nul\u0000Byte', email: uniqueEmail('nul'), password: 'secret123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('POST /api/users/login', () => {
  it('signs in without remember me: 24-hour session, user data and a token', async () => {
    const user = await createUser(api.db, { email: uniqueEmail('login') });
    const res = await post('/users/login', { email: user.email, password: 'secret123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'token']);
    expect(body.data).toMatchObject({ id: user.id, email: user.email, HasPassword: true });
    expect(res.body).not.toContain('secret123');
    expect(res.body).not.toContain('$argon2');
    const session = await sessionOf(body.token);
    expect(session!.userId).toBe(user.id);
    expect(session!.kind).toBe('user');
    expect(Math.abs(session!.expiresAt.getTime() - (Date.now() + DAY))).toBeLessThan(60_000);
  });

  it('signs in with remember me: 7-day session', async () => {
    const user = await createUser(api.db, { email: uniqueEmail('remember') });
    const res = await post('/users/login', { email: user.email, password: 'secret123', remember: true });
    expect(res.statusCode).toBe(200);
    const session = await sessionOf(res.json().token);
    expect(Math.abs(session!.expiresAt.getTime() - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
  });

  it('matches the email whatever its case and surrounding spaces', async () => {
    const user = await createUser(api.db, { email: uniqueEmail('case') });
    const res = await post('/users/login', { email: `  ${user.email.toUpperCase()} `, password: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(user.id);
  });

  it('answers a wrong password and an unknown email with the same 401 body', async () => {
    const user = await createUser(api.db, { email: uniqueEmail('wrong') });
    const wrongPassword = await post('/users/login', { email: user.email, password: 'not-the-password' });
    const unknownEmail = await post('/users/login', { email: uniqueEmail('nobody'), password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('refuses an account without a password (social sign-in) with the same 401', async () => {
    const user = await createUser(api.db, { email: uniqueEmail('social'), password: null, loginType: 'google' });
    const res = await post('/users/login', { email: user.email, password: 'anything' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('refuses the super-admin, who signs in only at /admin/login', async () => {
    const admin = await createUser(api.db, { email: uniqueEmail('admin'), isSuperAdmin: true });
    const res = await post('/users/login', { email: admin.email, password: 'secret123' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
    const rows = await api.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(rows).toHaveLength(0);
  });

  it.each([
    [{ password: 'secret123' }, 'email', 'Email is required'],
    [{ email: '', password: 'secret123' }, 'email', 'Email is required'],
    [{ email: 'a@b.test' }, 'password', 'Password is required'],
    [{ email: 'a@b.test', password: '' }, 'password', 'Password is required'],
  ])('answers 400 for %j with %s: %s', async (payload, path, message) => {
    const res = await post('/users/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path, message });
  });

  it('answers an email holding a NUL character like an unknown email', async () => {
    const res = await post('/users/login', { email: 'a\u0000@b.test', password: 'secret123' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('answers 400 when remember is not a boolean', async () => {
    const res = await post('/users/login', { email: 'a@b.test', password: 'secret123', remember: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'remember' })]);
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the token: /users/me then answers 401', async () => {
    const user = await createUser(api.db, { email: uniqueEmail('logout') });
    const token = await loginToken(api, user.email);
    const other = await loginToken(api, user.email);
    expect((await get('/users/me', bearer(token))).statusCode).toBe(200);

    const res = await post('/users/logout', undefined, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await sessionOf(token)).toBeUndefined();

    const me = await get('/users/me', bearer(token));
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: expect.any(String) });
    expect((await post('/users/logout', undefined, bearer(token))).statusCode).toBe(401);
    // Only that session ends; the same account signed in elsewhere stays signed in.
    expect((await get('/users/me', bearer(other))).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await post('/users/logout', undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('GET /api/users/me', () => {
  it('answers the signed-in user', async () => {
    const user = await createUser(api.db, { email: uniqueEmail('me'), userName: 'Me Myself' });
    const token = await loginToken(api, user.email);
    const res = await get('/users/me', bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, userName: 'Me Myself', email: user.email, role: 'explorer', teams: [], projectCount: 0 });
    expect(res.body).not.toContain('$argon2');
  });

  it.each([
    ['no header', {}],
    ['an unknown token', bearer('x'.repeat(43))],
    ['a malformed header', { authorization: 'Token abc' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['an absurdly long token', bearer('y'.repeat(5000))],
  ])('answers 401 with %s', async (_name, headers) => {
    const res = await get('/users/me', headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 401 for an expired token', async () => {
    const user = await createUser(api.db, { email: uniqueEmail('expired') });
    const token = await loginToken(api, user.email);
    await api.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await get('/users/me', bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
  });

  it('answers 401 for a token of the admin area', async () => {
    const user = await createUser(api.db, { email: uniqueEmail('kind') });
    const token = await loginToken(api, user.email);
    await api.db.update(sessions).set({ kind: 'admin' }).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await get('/users/me', bearer(token))).statusCode).toBe(401);
  });
});

describe('GET /api/users/{id}', () => {
  let token: string;
  let me: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    me = await createUser(api.db, { email: uniqueEmail('viewer') });
    token = await loginToken(api, me.email);
  });

  it('answers the own profile', async () => {
    const res = await get(`/users/${me.id}`, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: me.id, email: me.email });
  });

  it("answers an approved firm's profile with its teams", async () => {
    const firm = await createFirm(api.db, { email: uniqueEmail('firm'), firmName: 'Studio North', teams: [{ name: 'Ines', role: 'Architect' }] });
    const res = await get(`/users/${firm.id}`, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: firm.id,
      firmName: 'Studio North',
      role: 'architect',
      isVerify: VERIFY.approved,
      teams: [{ name: 'Ines', role: 'Architect' }],
    });
    expect(res.body).not.toContain('$argon2');
  });

  it("keeps another firm's login email and sign-in fields private: its public shape only", async () => {
    const firm = await createFirm(api.db, { email: uniqueEmail('private'), businessEmail: 'hello@studio-private.example' });
    const res = await get(`/users/${firm.id}`, bearer(token));
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, unknown>;
    expect(data).toMatchObject({ id: firm.id, businessEmail: 'hello@studio-private.example' });
    for (const field of ['email', 'loginType', 'HasPassword', 'isSuperAdmin', 'isSubAdmin', 'employer']) expect(data).not.toHaveProperty(field);
    expect(res.body).not.toContain(firm.email);
    // The own account keeps every field.
    const own = await get(`/users/${firm.id}`, bearer(await loginToken(api, firm.email)));
    expect(own.json().data).toMatchObject({ id: firm.id, email: firm.email, loginType: 'normal', HasPassword: true });
  });

  it("answers 404 for an explorer's account", async () => {
    const explorer = await createUser(api.db, { email: uniqueEmail('explorer') });
    const res = await get(`/users/${explorer.id}`, bearer(token));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });
  });

  it.each([VERIFY.none, VERIFY.pending, VERIFY.rejected])('answers 404 for a firm with isVerify %i', async (isVerify) => {
    const firm = await createFirm(api.db, { email: uniqueEmail('unapproved'), isVerify });
    const res = await get(`/users/${firm.id}`, bearer(token));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });
  });

  it('answers 404 for the super-admin and for an unknown id', async () => {
    const admin = await createUser(api.db, { email: uniqueEmail('sa'), isSuperAdmin: true });
    expect((await get(`/users/${admin.id}`, bearer(token))).statusCode).toBe(404);
    expect((await get('/users/ffffffffffffffffffffffff', bearer(token))).statusCode).toBe(404);
    expect((await get('/users/%00', bearer(token))).statusCode).toBe(404);
  });

  it('answers 401 without a token, even for an approved firm', async () => {
    const firm = await createFirm(api.db, { email: uniqueEmail('firm401') });
    const res = await get(`/users/${firm.id}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });
});
