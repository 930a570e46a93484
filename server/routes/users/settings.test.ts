import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { PASSWORD_MESSAGES as M } from '../../contract/settings';
import { createEmployee, createFirm } from '../../seed/factories';
import { wantsMail } from '../../queries/settings';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const change = (token: string, payload: object) => api.app.inject({ method: 'POST', url: '/api/users/change-password', headers: bearer(token), payload });

describe('POST /api/users/change-password', () => {
  it('changes the password after the current one, keeps this session and ends every other', async () => {
    const firm = await createFirm(api.db, { email: 'owner@pw.test', password: 'secret123' });
    const here = await loginToken(api, firm.email);
    const elsewhere = await loginToken(api, firm.email);
    const res = await change(here, { currentPassword: 'secret123', newPassword: 'better456', confirmPassword: 'better456' });
    expect([res.statusCode, res.json().message]).toEqual([200, M.changed]);
    expect((await api.app.inject({ url: '/api/users/me', headers: bearer(here) })).statusCode).toBe(200);
    expect((await api.app.inject({ url: '/api/users/me', headers: bearer(elsewhere) })).statusCode).toBe(401);
    await expect(loginToken(api, firm.email, 'secret123')).rejects.toThrow(/401/);
    expect(await loginToken(api, firm.email, 'better456')).toEqual(expect.any(String));
  });

  it('refuses a wrong current password, a mismatch, a short one, and no token', async () => {
    const employee = await createEmployee(api.db, (await createFirm(api.db)).id, { email: 'emp@pw.test', password: 'secret123' });
    const token = await loginToken(api, employee.email);
    const wrong = await change(token, { currentPassword: 'nope', newPassword: 'better456', confirmPassword: 'better456' });
    expect([wrong.statusCode, messagesByPath(wrong)]).toEqual([400, { currentPassword: M.currentWrong }]);
    const mismatch = await change(token, { currentPassword: 'secret123', newPassword: 'better456', confirmPassword: 'other789' });
    expect(messagesByPath(mismatch)).toEqual({ confirmPassword: M.mismatch });
    const short = await change(token, { currentPassword: 'secret123', newPassword: 'abc', confirmPassword: 'abc' });
    expect(messagesByPath(short)).toEqual({ newPassword: 'Password must be at least 6 characters long' });
    expect((await api.app.inject({ method: 'POST', url: '/api/users/change-password', payload: {} })).statusCode).toBe(401);
  });
});

describe('/api/users/notification-settings', () => {
  it('answers every mail on until changed, then what was saved; mail senders ask wantsMail', async () => {
    const firm = await createFirm(api.db, { email: 'mails@pw.test', password: 'secret123' });
    const token = await loginToken(api, firm.email);
    expect((await api.app.inject({ url: '/api/users/notification-settings', headers: bearer(token) })).json()).toEqual({ data: { tasks: true, chat: true, leads: true, clientDecisions: true, clientApprovals: true, paymentNotes: true, version: 0 } });
    const saved = await api.app.inject({ method: 'PUT', url: '/api/users/notification-settings', headers: bearer(token), payload: { tasks: true, chat: false, leads: false, version: 0 } });
    expect(saved.json()).toEqual({ data: { tasks: true, chat: false, leads: false, clientDecisions: true, clientApprovals: true, paymentNotes: true, version: 1 } });
    expect(await wantsMail(api.db, firm.id, 'chat')).toBe(false);
    expect(await wantsMail(api.db, firm.id, 'tasks')).toBe(true);
    expect((await api.app.inject({ method: 'PUT', url: '/api/users/notification-settings', headers: bearer(token), payload: { tasks: 'yes' } })).statusCode).toBe(400);
  });
});
