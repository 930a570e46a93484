import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { ADDRESS_MESSAGES as M } from '../../contract/address-confirmation';
import { auditLog, users } from '../../db/schema';
import { createFirm } from '../../seed/factories';
import { hashToken } from '../../services/tokens';

/**
 * The sign-up mail's address link (docs/decisions/340): it proves the account receives mail at
 * its address, which an enquiry needs to count as an established sender's.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let n = 0;
const register = async () => {
  const email = `signup${++n}-${Date.now()}@example.test`;
  const res = await api.app.inject({ method: 'POST', url: '/api/users/register', payload: { userName: 'Kavya Rao', email, password: 'secret123' } });
  expect(res.statusCode).toBe(201);
  return { email, id: res.json().userData.id as string };
};

async function linkTo(email: string) {
  const mail = (await api.outbox()).find((m) => m.to === email && m.subject === 'Confirm your email address');
  return /\/confirm-address\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
}

const confirm = (token: string) => api.app.inject({ method: 'POST', url: `/api/users/address-confirmation/${token}` });
const confirmedAt = async (id: string) => (await api.db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, id)))[0]!.at;

describe('POST /api/users/address-confirmation/{token}', () => {
  it('sign-up mails a link; the link proves the address (audited) and works once', async () => {
    const { email, id } = await register();
    expect(await confirmedAt(id)).toBeNull();
    const token = await linkTo(email);
    expect(token).toBeTruthy();
    const res = await confirm(token!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.confirmed });
    expect(await confirmedAt(id)).toBeInstanceOf(Date);
    const [audit] = await api.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toMatchObject({ action: 'user.address-confirmed', actorId: id });
    const again = await confirm(token!);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(M.invalid);
  });

  it("answers 404 for an unknown link and for a firm's unconfirmed employee's welcome token (its own page confirms it)", async () => {
    expect((await confirm('x'.repeat(43))).statusCode).toBe(404);
    expect((await confirm('short')).statusCode).toBe(404);
    const firm = await createFirm(api.db);
    const welcome = 'W'.repeat(20) + 'elcomeToken123456789012';
    await api.db.insert(users).values({ id: 'e'.repeat(24), userName: 'Pending', email: `pending-${Date.now()}@example.test`, role: 'employee', firmId: firm.id, unconfirmedSince: new Date(), confirmationTokenHash: hashToken(welcome) });
    expect((await confirm(welcome)).statusCode).toBe(404);
    expect(await confirmedAt('e'.repeat(24))).toBeNull();
  });
});
