import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { auditLog, oneTimeCodes, sessions, users } from '../../db/schema/index';
import { createFirm, createUser } from '../../seed/factories';
import { createSession } from '../../queries/sessions';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let seq = 0;
const uniqueEmail = (prefix = 'ec') => `${prefix}${++seq}-${Date.now().toString(36)}@example.test`;

const start = (token: string, payload: object) =>
  api.app.inject({ method: 'POST', url: '/api/users/email-change', payload, headers: bearer(token) });
const confirm = (token: string, code: string) =>
  api.app.inject({ method: 'POST', url: '/api/users/email-change/confirm', payload: { code }, headers: bearer(token) });
const pending = (token: string) => api.app.inject({ method: 'GET', url: '/api/users/email-change', headers: bearer(token) });
const me = (token: string) => api.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

/** The code of the last mail sent to an address. */
async function codeMailedTo(email: string): Promise<string> {
  const mail = (await api.outbox()).filter((m) => m.to === email).at(-1);
  const match = /\b(\d{6})\b/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1]!;
}

/** A firm signed in twice (this session and another device), with a change to `newEmail` started. */
async function firmChanging(newEmail = uniqueEmail('new')) {
  const firm = await createFirm(api.db, { email: uniqueEmail('firm') });
  const token = await loginToken(api, firm.email);
  const otherDevice = await loginToken(api, firm.email);
  const res = await start(token, { newEmail, password: 'secret123' });
  expect(res.statusCode, res.body).toBe(200);
  return { firm, token, otherDevice, newEmail, code: await codeMailedTo(newEmail) };
}

describe('POST /api/users/email-change', () => {
  it('checks the password, mails a 6-digit code to the new address (stored hashed, 10 minutes) and changes nothing yet', async () => {
    const { firm, token, newEmail, code } = await firmChanging();
    const [row] = await api.db.select().from(oneTimeCodes).where(and(eq(oneTimeCodes.userId, firm.id), eq(oneTimeCodes.purpose, 'email-change')));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.newEmail).toBe(newEmail);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 10 * 60 * 1000))).toBeLessThan(60_000);
    expect((await me(token)).json().data.email).toBe(firm.email);
    expect((await pending(token)).json()).toEqual({ pending: { newEmail, expiresAt: row!.expiresAt.toISOString() } });
    // Nothing went to the current address yet.
    expect((await api.outbox()).filter((m) => m.to === firm.email)).toHaveLength(0);
  });

  it('refuses a wrong password, the current address and an address of another account, with field messages', async () => {
    const firm = await createFirm(api.db, { email: uniqueEmail('firm') });
    const other = await createUser(api.db, { email: uniqueEmail('taken') });
    const token = await loginToken(api, firm.email);
    const cases: Array<[object, number, Record<string, string>]> = [
      [{ newEmail: uniqueEmail(), password: 'wrong-password' }, 400, { password: 'The password is incorrect' }],
      [{ newEmail: firm.email.toUpperCase(), password: 'secret123' }, 400, { newEmail: 'This is already your login email' }],
      [{ newEmail: other.email, password: 'secret123' }, 409, { newEmail: 'An account with this email already exists' }],
      [{ newEmail: 'not-an-email', password: 'secret123' }, 400, { newEmail: 'Invalid email format' }],
      [{}, 400, { newEmail: 'New email is required', password: 'Password is required' }],
    ];
    for (const [payload, status, messages] of cases) {
      const res = await start(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(messagesByPath(res)).toEqual(messages);
    }
    expect((await pending(token)).json()).toEqual({ pending: null });
  });

  it('needs a password on the account (a social-only account sets one first)', async () => {
    const social = await createUser(api.db, { email: uniqueEmail('social'), password: null, loginType: 'google' });
    const { token } = await createSession(api.db, social.id, { remember: false });
    const res = await start(token, { newEmail: uniqueEmail(), password: 'anything1' });
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res).password).toMatch(/no password yet/);
  });

  it('limits wrong passwords like sign-ins', async () => {
    const limited = await createTestApi({ RATE_LIMIT_MAX: '2' });
    try {
      const user = await createUser(limited.db, { email: uniqueEmail('limited') });
      const token = await loginToken(limited, user.email);
      const send = (password: string) =>
        limited.app.inject({ method: 'POST', url: '/api/users/email-change', payload: { newEmail: uniqueEmail(), password }, headers: bearer(token) });
      expect((await send('wrong-1')).statusCode).toBe(400);
      expect((await send('wrong-2')).statusCode).toBe(400);
      expect((await send('secret123')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('answers 401 without a session', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/api/users/email-change', payload: { newEmail: uniqueEmail(), password: 'secret123' } });
    expect(res.statusCode).toBe(401);
    expect((await api.app.inject({ method: 'POST', url: '/api/users/email-change/confirm', payload: { code: '123456' } })).statusCode).toBe(401);
  });
});

describe('POST /api/users/email-change/confirm', () => {
  it('switches the login email, signs out the other sessions (not this one), burns open reset codes, audits, and tells the old address', async () => {
    const { firm, token, otherDevice, newEmail, code } = await firmChanging();
    await api.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: firm.email } });
    // The reset code is made after the answer (decision 068): wait for it, so the change finds it open.
    await api.ctx.background.idle();
    const res = await confirm(token, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: firm.id, email: newEmail });

    expect((await me(token)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect(await api.db.select().from(sessions).where(eq(sessions.userId, firm.id))).toHaveLength(1);
    const openResets = await api.db.select().from(oneTimeCodes).where(and(eq(oneTimeCodes.userId, firm.id), eq(oneTimeCodes.purpose, 'reset-password')));
    expect(openResets.every((r) => r.usedAt !== null)).toBe(true);

    // Sign-in moves to the new address.
    expect((await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: firm.email, password: 'secret123' } })).statusCode).toBe(401);
    expect(await loginToken(api, newEmail)).toEqual(expect.any(String));

    const notice = (await api.outbox()).filter((m) => m.to === firm.email).at(-1)!;
    expect(notice.subject).toBe('Your login email was changed');
    expect(notice.text).toContain(newEmail);
    const [audit] = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, firm.id), eq(auditLog.action, 'user.email-changed')));
    expect(audit!.details).toMatchObject({ from: firm.email, to: newEmail });
    expect((await pending(token)).json()).toEqual({ pending: null });
  });

  it('refuses a wrong code (the fifth wrong try burns it), an expired one, one used already, and a code of another account', async () => {
    const a = await firmChanging();
    const wrong = String((Number(a.code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await confirm(a.token, wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'The code is invalid or has expired. Request a new one.',
      details: [{ path: 'code', message: 'The code is invalid or has expired. Request a new one.' }],
    });
    for (let i = 0; i < 4; i++) await confirm(a.token, wrong);
    expect((await confirm(a.token, a.code)).statusCode).toBe(400);

    const b = await firmChanging();
    await api.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeCodes.userId, b.firm.id));
    expect((await confirm(b.token, b.code)).statusCode).toBe(400);

    const c = await firmChanging();
    const d = await firmChanging();
    expect((await confirm(d.token, c.code)).statusCode).toBe(400);
    expect((await confirm(c.token, c.code)).statusCode).toBe(200);
    expect((await confirm(c.token, c.code)).statusCode).toBe(400);

    for (const { firm } of [a, b, d]) {
      const [row] = await api.db.select().from(users).where(eq(users.id, firm.id));
      expect(row!.email).toBe(firm.email);
    }
  });

  it('a newer request replaces the pending change: only the newest code counts', async () => {
    const first = await firmChanging();
    const second = uniqueEmail('second');
    expect((await start(first.token, { newEmail: second, password: 'secret123' })).statusCode).toBe(200);
    expect((await confirm(first.token, first.code)).statusCode).toBe(400);
    expect((await confirm(first.token, await codeMailedTo(second))).json().data.email).toBe(second);
  });

  it('answers 409 when another account took the address meanwhile, and changes nothing', async () => {
    const { firm, token, newEmail, code } = await firmChanging();
    await createUser(api.db, { email: newEmail });
    const res = await confirm(token, code);
    expect(res.statusCode).toBe(409);
    const [row] = await api.db.select().from(users).where(eq(users.id, firm.id));
    expect(row!.email).toBe(firm.email);
  });

  it.each([[''], ['12345'], ['abcdef'], ['1234567']])('answers 400 "Enter the 6-digit code" for %j', async (code) => {
    const { token } = await firmChanging();
    const res = await confirm(token, code);
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toEqual({ code: 'Enter the 6-digit code' });
  });
});
