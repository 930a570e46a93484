import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, type TestApi } from '../../../tests/helpers/test-api';
import { oneTimeCodes, sessions } from '../../db/schema/index';
import { countQueries } from '../../../tests/helpers/query-counter';
import { createUser } from '../../seed/factories';

const FORGOT_MESSAGE = 'If an account exists for this email, a 6-digit code has been sent to it.';
const BAD_CODE = { message: 'The code is invalid or has expired. Request a new one.', details: [{ path: 'otp', message: 'The code is invalid or has expired. Request a new one.' }] };

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const post = (url: string, payload: object) => api.app.inject({ method: 'POST', url: `/api/users/${url}`, payload });
const forgot = (email: string) => post('forgot-password', { email });
const reset = (email: string, otp: string, newPassword = 'brand-new-1') => post('reset-password', { email, otp, newPassword });
const login = (email: string, password: string) => post('login', { email, password });

let seq = 0;
const newUser = () => createUser(api.db, { email: `reset${++seq}-${Date.now().toString(36)}@example.test` });

/** The code of the last mail sent to an address. */
async function lastCode(email: string): Promise<string> {
  const mails = (await api.outbox()).filter((m) => m.to === email);
  const match = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1]!;
}

/** A fresh user who asked for a reset, and the code mailed to them. */
async function userWithCode() {
  const user = await newUser();
  await forgot(user.email);
  return { user, code: await lastCode(user.email) };
}

/** The reply the api gives for any code it does not take: 400 with the same message and detail. */
function expectBadCode(res: Awaited<ReturnType<typeof reset>>) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(BAD_CODE);
}

/** A 6-digit code other than the given one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/users/forgot-password', () => {
  it('answers the same for a known and an unknown email, and mails a 6-digit code only to the known one', async () => {
    const user = await newUser();
    const unknown = `nobody${Date.now()}@example.test`;
    const before = (await api.outbox()).length;

    const known = await forgot(user.email);
    const other = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_MESSAGE });
    expect(other.body).toBe(known.body);

    const mails = (await api.outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(user.email);
    expect(mails[0]!.subject).toMatch(/reset/i);
    expect(mails[0]!.text).toMatch(/\b\d{6}\b/);

    // The code is stored hashed, valid for 10 minutes.
    const code = await lastCode(user.email);
    const [row] = await api.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(row!.codeHash).not.toContain(code);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 10 * 60 * 1000))).toBeLessThan(60_000);
  });

  it('finds the account whatever the case of the email', async () => {
    const user = await newUser();
    await forgot(user.email.toUpperCase());
    expect(await lastCode(user.email)).toMatch(/^\d{6}$/);
  });

  it('answers a known and an unknown email on the same path: the same queries before the answer, the lookup and the mail only after it', async () => {
    const user = await newUser();
    const unknown = `nobody-timing${Date.now()}@example.test`;
    // A first request (the limiter's periodic sweep of ended windows runs with one now and then).
    await forgot(`warm-up${Date.now()}@example.test`);
    await api.ctx.background.idle();
    // Held background work shows what each request did before answering.
    const release = api.ctx.background.hold();
    try {
      const known = await countQueries(api, () => forgot(user.email));
      const other = await countQueries(api, () => forgot(unknown));
      // Answered, while nothing about either account has been read or written, nor mailed.
      expect(known.result.statusCode).toBe(200);
      expect(other.result.body).toBe(known.result.body);
      expect(known.queries).toEqual(other.queries);
      expect(known.queries.join('\n')).not.toMatch(/"users"|one_time_codes/);
      expect(await api.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id))).toHaveLength(0);
    } finally {
      release();
    }
    // Then the background work mails the known account its code, and no one else.
    expect(await lastCode(user.email)).toMatch(/^\d{6}$/);
    expect((await api.outbox()).filter((m) => m.to === unknown)).toHaveLength(0);
  });

  it('mails nothing for the super-admin', async () => {
    const admin = await createUser(api.db, { email: `sa${Date.now()}@example.test`, isSuperAdmin: true });
    const res = await forgot(admin.email);
    expect(res.json()).toEqual({ message: FORGOT_MESSAGE });
    expect((await api.outbox()).filter((m) => m.to === admin.email)).toHaveLength(0);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'nope' }, 'Invalid email format'],
  ])('answers 400 for %j: %s', async (payload, message) => {
    const res = await post('forgot-password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path: 'email', message });
  });
});

describe('POST /api/users/reset-password', () => {
  it('changes the password with the right code and revokes every existing token', async () => {
    const user = await newUser();
    const tokenA = await loginToken(api, user.email);
    const tokenB = await loginToken(api, user.email);
    await forgot(user.email);
    const code = await lastCode(user.email);

    const res = await reset(user.email, code, 'brand-new-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });

    for (const token of [tokenA, tokenB]) {
      expect((await api.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
    }
    expect(await api.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await login(user.email, 'secret123')).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-1')).statusCode).toBe(200);
  });

  it('accepts the code with surrounding spaces and the email in another case', async () => {
    const user = await newUser();
    await forgot(user.email);
    const res = await reset(user.email.toUpperCase(), ` ${await lastCode(user.email)} `);
    expect(res.statusCode).toBe(200);
  });

  it('rejects a wrong code and keeps the old password', async () => {
    const { user, code } = await userWithCode();
    expectBadCode(await reset(user.email, wrong(code)));
    expect((await login(user.email, 'secret123')).statusCode).toBe(200);
  });

  it('rejects an expired code', async () => {
    const { user, code } = await userWithCode();
    await api.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeCodes.userId, user.id));
    expectBadCode(await reset(user.email, code));
    expect((await login(user.email, 'secret123')).statusCode).toBe(200);
  });

  it('rejects a code used once already', async () => {
    const { user, code } = await userWithCode();
    expect((await reset(user.email, code, 'first-new-1')).statusCode).toBe(200);
    expectBadCode(await reset(user.email, code, 'second-new-2'));
    expect((await login(user.email, 'first-new-1')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of the same code succeed', async () => {
    const { user, code } = await userWithCode();
    const replies = await Promise.all([reset(user.email, code, 'racer-one-1'), reset(user.email, code, 'racer-two-2')]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('burns the code after 5 wrong tries: the right code is then refused', async () => {
    const { user, code } = await userWithCode();
    for (let i = 0; i < 5; i++) expect((await reset(user.email, wrong(code))).statusCode).toBe(400);
    expectBadCode(await reset(user.email, code));
    expect((await login(user.email, 'secret123')).statusCode).toBe(200);
  });

  it('accepts the right code after 4 wrong tries', async () => {
    const { user, code } = await userWithCode();
    for (let i = 0; i < 4; i++) await reset(user.email, wrong(code));
    expect((await reset(user.email, code)).statusCode).toBe(200);
  });

  it('burns the code after 5 wrong tries sent at the same time', async () => {
    const { user, code } = await userWithCode();
    const replies = await Promise.all(Array.from({ length: 5 }, () => reset(user.email, wrong(code))));
    expect(replies.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    const [row] = await api.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(row!.attempts).toBe(5);
    expect((await reset(user.email, code)).statusCode).toBe(400);
  });

  it('invalidates the previous code when a new one is requested', async () => {
    const user = await newUser();
    await forgot(user.email);
    const first = await lastCode(user.email);
    await forgot(user.email);
    const second = await lastCode(user.email);
    const open = await api.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id)));
    expect(open.filter((c) => c.usedAt === null)).toHaveLength(1);
    if (first !== second) {
      expectBadCode(await reset(user.email, first));
    }
    expect((await reset(user.email, second)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a wrong code', async () => {
    expectBadCode(await reset(`ghost${Date.now()}@example.test`, '123456'));
  });

  it('answers a user without a pending code like a wrong code', async () => {
    const user = await newUser();
    expectBadCode(await reset(user.email, '123456'));
  });

  it.each(['12', '123', '1234567', 'abcdef', '12 34', '12.345', '-12345'])('refuses the otp %j with the spec message', async (otp) => {
    const res = await reset('a@b.test', otp);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path: 'otp', message: 'OTP must be a 4-6 digit number' });
  });

  it.each([
    [{ otp: '123456', newPassword: 'secret123' }, 'email', 'Email is required'],
    [{ email: 'a@b.test', newPassword: 'secret123' }, 'otp', 'OTP is required'],
    [{ email: 'a@b.test', otp: '123456' }, 'newPassword', 'New password is required'],
    [{ email: 'a@b.test', otp: '123456', newPassword: '12345' }, 'newPassword', 'Password must be at least 6 characters long'],
  ])('answers 400 for %j with %s: %s', async (payload, path, message) => {
    const res = await post('reset-password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path, message });
  });

  it('leaves a valid code untouched when the request is refused for its fields', async () => {
    const { user, code } = await userWithCode();
    expect((await reset(user.email, code, '123')).statusCode).toBe(400);
    expect((await reset(user.email, code)).statusCode).toBe(200);
  });
});
