import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, postMultipart, type TestApi } from '../../../tests/helpers/test-api';
import { pdfFile } from '../../../tests/helpers/documents';
import { VERIFY } from '../../contract/vocabulary';
import { auditLog, sessions, users } from '../../db/schema/index';
import { createFirm, createUser } from '../../seed/factories';
import { createOrResetSuperAdmin, SuperAdminError } from '../../queries/admin-accounts';
import { createSession } from '../../queries/sessions';
import { hashToken } from '../../services/tokens';

let api: TestApi;
const ADMIN = { email: 'root@platform.test', password: 'admin-pass-1' };
let adminToken: string;

beforeAll(async () => {
  api = await createTestApi();
  await createOrResetSuperAdmin(api.db, { ...ADMIN, name: 'Root Admin' });
  adminToken = await adminLogin();
});
afterAll(() => api.close());

async function adminLogin(email = ADMIN.email, password = ADMIN.password) {
  const res = await api.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  api.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

let seq = 0;
/** A firm that registered through the api (document uploaded, user-firm), waiting for verification. */
async function pendingFirm(fields: { userName?: string; firmName?: string; email?: string } = {}) {
  seq += 1;
  const user = await createUser(api.db, {
    role: 'explorer',
    userName: fields.userName ?? `Applicant ${seq}`,
    ...(fields.email ? { email: fields.email } : {}),
  });
  const { token } = await createSession(api.db, user.id, { remember: false });
  const upload = await postMultipart(api, '/api/users/upload/file', [{ name: 'files', file: pdfFile(), filename: `proof-${seq}.pdf` }], token);
  expect(upload.statusCode).toBe(200);
  const res = await call('POST', '/users/user-firm', token, {
    firmName: fields.firmName ?? `Applicant Studio ${seq}`,
    firmType: 'architect',
    businessEmail: `office${seq}@applicant.example`,
    contactNo: '9876543210',
    address: '1 Residency Road',
    country: 'India',
    state: 'Karnataka',
    city: 'Bengaluru',
    documentURL: upload.json().urls[0],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user, token };
}

const statistics = async () => (await call('GET', '/admin/statistics', adminToken)).json();
const list = async (query = '') => (await call('GET', `/admin/user-verification${query}`, adminToken)).json().data;

describe('POST /api/admin/login', () => {
  it('gives the super-admin an admin-kind token that user endpoints refuse', async () => {
    const token = await adminLogin();
    const [session] = await api.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(session!.kind).toBe('admin');
    expect((await call('GET', '/users/me', token)).statusCode).toBe(401);
  });

  it('answers 401 "Invalid email or password" for a wrong password, an unknown email and an ordinary account', async () => {
    const firm = await createFirm(api.db, { email: 'firm-login@example.test', password: 'secret123' });
    for (const body of [
      { email: ADMIN.email, password: 'wrong-password' },
      { email: 'nobody@example.test', password: 'whatever' },
      { email: firm.email, password: 'secret123' },
    ]) {
      const res = await call('POST', '/admin/login', undefined, body);
      expect(res.statusCode, body.email).toBe(401);
      expect(res.json().message).toBe('Invalid email or password');
    }
  });

  it('answers the spec messages for missing fields, and 400 for malformed bodies', async () => {
    const res = await call('POST', '/admin/login', undefined, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Email is required' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
    for (const payload of ['{"email":', '[]', '"text"', JSON.stringify({ email: 'a\u0000b@x.test', password: 'x' })]) {
      const bad = await api.app.inject({ method: 'POST', url: '/api/admin/login', payload, headers: { 'content-type': 'application/json' } });
      expect(bad.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, payload).toBeLessThan(500);
    }
  });
});

describe('every admin call refuses non-admins', () => {
  it('answers 401 without a token or with an unknown one, 403 "for the super-admin only" with a user token (an explorer, a firm, even the super-admin account signed in as a user) and for an admin session of an account no longer super-admin', async () => {
    const explorer = await createUser(api.db, { password: 'secret123' });
    const explorerToken = await loginToken(api, explorer.email);
    const firm = await createFirm(api.db, { password: 'secret123' });
    const firmToken = await loginToken(api, firm.email);
    const [root] = await api.db.select().from(users).where(eq(users.email, ADMIN.email));
    const { token: rootUserToken } = await createSession(api.db, root!.id, { remember: false, kind: 'user' });
    const { user: target } = await pendingFirm();

    const demoted = await createUser(api.db, { isSuperAdmin: true });
    const { token: demotedToken } = await createSession(api.db, demoted.id, { remember: false, kind: 'admin' });
    await api.db.update(users).set({ isSuperAdmin: false }).where(eq(users.id, demoted.id));

    // Every admin endpoint but the login (the OpenAPI document lists them, so a new one cannot be forgotten here).
    const doc = (await api.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const listed = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/') && path !== '/api/admin/login')
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const calls: Array<[method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string]> = [
      ['GET', '/admin/statistics'],
      ['GET', '/admin/user-verification'],
      ['GET', '/admin/user-verification?search=Applicant&page=1&limit=15'],
      ['PUT', `/admin/user-verification/${target.id}?isVerify=2`],
      ['PUT', `/admin/user-verification/${target.id}?isVerify=3`],
      ['GET', `/admin/user/${target.id}`],
      ['POST', '/admin/logout'],
      // The admin areas (pricing-admin.test.ts checks them as more callers too).
      ['GET', '/admin/firms'],
      ['PUT', `/admin/firms/${target.id}/subscription`],
      ['GET', '/admin/showcase/projects'],
      ['GET', '/admin/showcase/firms'],
      ['PUT', `/admin/showcase/projects/${target.id}`],
      ['PUT', `/admin/showcase/firms/${target.id}`],
      ['GET', '/admin/admins'],
      ['POST', '/admin/admins'],
      ['DELETE', `/admin/admins/${target.id}`],
      ['PUT', '/admin/password'],
      // The platform's billing (subscription-invoices.test.ts checks what they do).
      ['GET', '/admin/billing-profile'],
      ['PUT', '/admin/billing-profile'],
      ['GET', `/admin/invoices/${target.id}/print`],
      ['GET', `/admin/invoices/${target.id}/payments/{paymentId}/receipt`],
      // Reviews the super-admin may hide (reviews.test.ts checks what they do).
      ['GET', '/admin/reviews'],
      ['POST', `/admin/reviews/${target.id}/hide`],
      ['POST', `/admin/reviews/${target.id}/show`],
    ];
    const covered = new Set(calls.map(([method, url]) => `${method} /api${url.split('?')[0]!.replace(target.id, '{id}')}`));
    expect([...covered].sort()).toEqual([...listed].sort());

    for (const [method, url] of calls) {
      for (const token of [undefined, 'not-a-token']) {
        const res = await call(method, url, token);
        expect(res.statusCode, `${method} ${url} with ${token ? 'an unknown token' : 'no token'}`).toBe(401);
        expect(res.body).not.toContain(target.email);
      }
      for (const [who, token] of [['an explorer', explorerToken], ['a firm', firmToken], ['the super-admin as a user', rootUserToken]] as const) {
        const res = await call(method, url, token);
        expect(res.statusCode, `${method} ${url} with the user token of ${who}`).toBe(403);
        expect(res.json()).toEqual({ message: 'This is for the super-admin only.' });
      }
      const forbidden = await call(method, url, demotedToken);
      expect(forbidden.statusCode, `${method} ${url} demoted`).toBe(403);
    }
    // Nothing was decided by any of these calls, and the user sessions still work.
    expect((await api.db.select().from(users).where(eq(users.id, target.id)))[0]!.isVerify).toBe(VERIFY.pending);
    expect((await call('GET', '/users/me', explorerToken)).statusCode).toBe(200);
  });
});

describe('the verification flow', () => {
  it('lists pending registrations, finds one by name, firm name or email, approves it (audit row, mail, counts), and the firm becomes public', async () => {
    const before = await statistics();
    const { user } = await pendingFirm({ userName: 'Meera Joshi', firmName: 'Joshi Lightworks', email: 'meera.joshi@lightworks.example' });

    const after = await statistics();
    expect(after).toEqual({ ...before, pending: before.pending + 1 });

    for (const search of ['meera', 'LIGHTWORKS', 'joshi@light', 'Joshi Lightworks']) {
      const found = await list(`?search=${encodeURIComponent(search)}`);
      expect(found.userList.map((r: { id: string }) => r.id), search).toContain(user.id);
    }
    const [row] = (await list('?search=meera')).userList;
    expect(row).toMatchObject({
      id: user.id,
      userName: 'Meera Joshi',
      firmName: 'Joshi Lightworks',
      email: 'meera.joshi@lightworks.example',
      contactNo: '9876543210',
      city: 'Bengaluru',
      state: 'Karnataka',
      isVerify: VERIFY.pending,
      hasDocument: true,
    });
    expect(JSON.stringify(row)).not.toContain('firm-documents');

    // The firm is not public while pending.
    const stranger = await createUser(api.db, { password: 'secret123' });
    const strangerToken = await loginToken(api, stranger.email);
    expect((await call('GET', `/users/${user.id}`, strangerToken)).statusCode).toBe(404);

    const approve = await call('PUT', `/admin/user-verification/${user.id}?isVerify=2`, adminToken);
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ message: 'Firm approved' });

    const [stored] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ isVerify: VERIFY.approved, role: 'architect', verifyNote: null });

    const [admin] = await api.db.select().from(users).where(eq(users.email, ADMIN.email));
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'firm.approved')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin!.id,
      details: expect.objectContaining({ decision: 'approved', isVerify: 2, previousVerify: 1, firmName: 'Joshi Lightworks' }),
    });
    expect(audit[0]!.createdAt).toBeInstanceOf(Date);

    const mail = (await api.outbox()).filter((m) => m.to === 'meera.joshi@lightworks.example').at(-1)!;
    expect(mail.subject).toBe('Your firm is verified');
    expect(mail.text).toContain('Joshi Lightworks');

    expect(await statistics()).toEqual({ ...before, approved: before.approved + 1 });
    // Approved: the public profile answers; the pending list no longer shows it.
    expect((await call('GET', `/users/${user.id}`, strangerToken)).statusCode).toBe(200);
    expect((await list('?search=meera')).userList).toEqual([]);
    expect((await list('?search=meera&status=approved')).userList.map((r: { id: string }) => r.id)).toEqual([user.id]);

    // A repeated click changes nothing and mails nothing more.
    const mailsBefore = (await api.outbox()).length;
    const again = await call('PUT', `/admin/user-verification/${user.id}?isVerify=2`, adminToken);
    expect(again.statusCode).toBe(200);
    expect((await api.outbox()).length).toBe(mailsBefore);
  });

  it('rejects with a reason: the firm stays hidden, sees why, and can register again', async () => {
    const { user, token } = await pendingFirm({ firmName: 'Hidden Hollow Interiors' });
    const before = await statistics();
    const reject = await call('PUT', `/admin/user-verification/${user.id}?isVerify=3`, adminToken, { note: 'The GST certificate does not name the firm.' });
    expect(reject.statusCode).toBe(200);
    expect(reject.json()).toEqual({ message: 'Firm rejected' });
    expect(await statistics()).toEqual({ ...before, pending: before.pending - 1, rejected: before.rejected + 1 });

    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'firm.rejected')));
    expect(audit[0]!.details).toMatchObject({ decision: 'rejected', isVerify: 3, note: 'The GST certificate does not name the firm.' });
    const mail = (await api.outbox()).filter((m) => m.to === user.email).at(-1)!;
    expect(mail.subject).toBe('Your firm registration was not approved');
    expect(mail.text).toContain('The GST certificate does not name the firm.');
    expect(mail.text).toContain('/explore?dialog=register-firm');

    const other = await createUser(api.db, { password: 'secret123' });
    expect((await call('GET', `/users/${user.id}`, await loginToken(api, other.email))).statusCode).toBe(404);

    const status = (await call('GET', '/users/firm-registration', token)).json().data;
    expect(status).toMatchObject({ isVerify: VERIFY.rejected, verifyNote: 'The GST certificate does not name the firm.', canRegister: true });

    // Without a reason, the firm still gets one.
    const { user: second } = await pendingFirm();
    await call('PUT', `/admin/user-verification/${second.id}?isVerify=3`, adminToken);
    const [secondRow] = await api.db.select().from(users).where(eq(users.id, second.id));
    expect(secondRow!.verifyNote).toMatch(/could not verify/);
  });

  it('downloads the document for the super-admin with attachment headers', async () => {
    const { user } = await pendingFirm();
    const res = await call('GET', `/admin/user/${user.id}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="proof-\d+\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(pdfFile())).toBe(true);

    const nodoc = await createUser(api.db);
    const missing = await call('GET', `/admin/user/${nodoc.id}`, adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Invalid document URL');
    expect((await call('GET', '/admin/user/not-an-id', adminToken)).statusCode).toBe(404);
    expect((await call('GET', `/admin/user/${'f'.repeat(24)}`, adminToken)).statusCode).toBe(404);
  });

  it('refuses bad decisions: isVerify other than 2 or 3 (400), an unknown id (404), an account without a registration (409)', async () => {
    const { user } = await pendingFirm();
    for (const value of ['1', '0', '4', 'yes', '']) {
      const res = await call('PUT', `/admin/user-verification/${user.id}?isVerify=${value}`, adminToken);
      expect(res.statusCode, value).toBe(400);
    }
    expect((await call('PUT', `/admin/user-verification/${user.id}`, adminToken)).statusCode).toBe(400);
    expect((await call('PUT', `/admin/user-verification/${'a'.repeat(24)}?isVerify=2`, adminToken)).statusCode).toBe(404);
    expect((await call('PUT', '/admin/user-verification/..%2F..?isVerify=2', adminToken)).statusCode).toBe(404);
    const plain = await createUser(api.db, { role: 'explorer' });
    const none = await call('PUT', `/admin/user-verification/${plain.id}?isVerify=2`, adminToken);
    expect(none.statusCode).toBe(409);
    const [admin] = await api.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect((await call('PUT', `/admin/user-verification/${admin!.id}?isVerify=2`, adminToken)).statusCode).toBe(404);
    const badBody = await api.app.inject({
      method: 'PUT',
      url: `/api/admin/user-verification/${user.id}?isVerify=3`,
      payload: '{"note":',
      headers: { 'content-type': 'application/json', ...bearer(adminToken) },
    });
    expect(badBody.statusCode).toBe(400);
    const longNote = await call('PUT', `/admin/user-verification/${user.id}?isVerify=3`, adminToken, { note: 'x'.repeat(1001) });
    expect(longNote.statusCode).toBe(400);
    expect((await api.db.select().from(users).where(eq(users.id, user.id)))[0]!.isVerify).toBe(VERIFY.pending);
  });
});

describe('GET /api/admin/user-verification: search and paging', () => {
  it('pages 15 at a time with the total count, oldest waiting first, and treats % and _ literally', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 17; i++) ids.push((await pendingFirm({ firmName: `Pager Works ${String(i).padStart(2, '0')}` })).user.id);

    const first = await list('?search=Pager%20Works');
    expect(first.count).toBe(17);
    expect(first.userList).toHaveLength(15);
    expect(first.userList.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 15));
    const second = await list('?search=Pager%20Works&page=2');
    expect(second.count).toBe(17);
    expect(second.userList.map((r: { id: string }) => r.id)).toEqual(ids.slice(15));
    expect((await list('?search=Pager%20Works&page=3')).userList).toEqual([]);
    expect((await list('?search=Pager%20Works&limit=5')).userList).toHaveLength(5);

    expect((await list('?search=%25')).userList).toEqual([]);
    expect((await list('?search=Pager_Works')).count).toBe(0);
    expect((await list('?search=%00')).count).toBe(0);

    // Garbage paging values fall back to the defaults; an unknown status is a 400.
    expect((await list('?search=Pager%20Works&page=-4&limit=abc')).userList).toHaveLength(15);
    expect((await call('GET', '/admin/user-verification?status=everything', adminToken)).statusCode).toBe(400);
    expect((await call('GET', `/admin/user-verification?search=${'x'.repeat(201)}`, adminToken)).statusCode).toBe(400);
  });

  it('counts with the statistics call match the lists', async () => {
    const stats = await statistics();
    expect((await list('?status=pending&limit=1')).count).toBe(stats.pending);
    expect((await list('?status=approved&limit=1')).count).toBe(stats.approved);
    expect((await list('?status=rejected&limit=1')).count).toBe(stats.rejected);
    expect((await list('?status=all&limit=1')).count).toBe(stats.pending + stats.approved + stats.rejected);
  });
});

describe('admin logout and the command-line super-admin', () => {
  it('logout ends the admin session', async () => {
    const token = await adminLogin();
    expect((await call('POST', '/admin/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/admin/statistics', token)).statusCode).toBe(401);
  });

  it('createOrResetSuperAdmin creates, resets (ending sessions) and refuses to take over an ordinary account unless promoted', async () => {
    const created = await createOrResetSuperAdmin(api.db, { email: 'Second.Admin@Platform.test', password: 'first-pass-1' });
    expect(created.action).toBe('created');
    expect(created.user).toMatchObject({ email: 'second.admin@platform.test', isSuperAdmin: true });
    const token = await adminLogin('second.admin@platform.test', 'first-pass-1');

    const reset = await createOrResetSuperAdmin(api.db, { email: 'second.admin@platform.test', password: 'second-pass-2' });
    expect(reset.action).toBe('reset');
    expect((await call('GET', '/admin/statistics', token)).statusCode).toBe(401);
    const old = await call('POST', '/admin/login', undefined, { email: 'second.admin@platform.test', password: 'first-pass-1' });
    expect(old.statusCode).toBe(401);
    await adminLogin('second.admin@platform.test', 'second-pass-2');

    const firm = await createFirm(api.db, { email: 'owner@firm.test' });
    await expect(createOrResetSuperAdmin(api.db, { email: 'owner@firm.test', password: 'takeover-1' })).rejects.toThrow(SuperAdminError);
    expect((await api.db.select().from(users).where(eq(users.id, firm.id)))[0]!.isSuperAdmin).toBe(false);
    const promoted = await createOrResetSuperAdmin(api.db, { email: 'owner@firm.test', password: 'takeover-1', promote: true });
    expect(promoted.action).toBe('promoted');

    await expect(createOrResetSuperAdmin(api.db, { email: 'not-an-email', password: 'long-enough' })).rejects.toThrow(/Invalid email/);
    await expect(createOrResetSuperAdmin(api.db, { email: 'short@platform.test', password: 'short' })).rejects.toThrow(/at least/);
  });
});
