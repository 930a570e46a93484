import { describe, expect, it } from 'vitest';
import { honeypotInputProps } from '~/utils/honeypot.server';
import { useStandInApi } from '../../../tests/helpers/stand-in-api';
import { handleAuthAction } from './actions.server';

/**
 * The home page's actions against a stand-in api that answers what each test sets: the spec's
 * error catalogue for login and reset (showcase-and-accounts.md section 8).
 */
const api = useStandInApi();

function post(fields: Record<string, string>) {
  return new Request('http://web.test/?index', { method: 'POST', body: new URLSearchParams(fields) });
}

async function failure(response: Response) {
  const data = (await response.json()) as { intent: string; result: { error?: Record<string, string[]> }; toast: { message: string } | null };
  return { status: response.status, intent: data.intent, formErrors: data.result.error?.[''] ?? [], toast: data.toast };
}

const login = { intent: 'login', email: 'ana@example.test', password: 'secret123' };
const reset = { intent: 'reset', email: 'ana@example.test', otp: '123456', newPassword: 'secret123', confirmPassword: 'secret123' };

describe('the home page’s error catalogue', () => {
  it('says "Invalid email or password" for a login the api refuses (401), under the form only', async () => {
    api.answer({ status: 401, body: { message: 'Invalid email or password' } });
    const result = await failure(await handleAuthAction(post(login)));
    expect(result).toEqual({ status: 401, intent: 'login', formErrors: ['Invalid email or password'], toast: null });
  });

  it('says the spec’s fallback for a login the server fails (5xx), not the server’s own text', async () => {
    api.answer({ status: 500, body: { message: 'Internal Server Error' } });
    const result = await failure(await handleAuthAction(post(login)));
    expect(result.formErrors).toEqual(['Login failed. Please check your credentials and try again.']);
    expect(result.status).toBe(400);
  });

  it('says the spec’s fallback for a login reply without a token (200), and starts no session', async () => {
    api.answer({ status: 200, body: { data: { id: '64b000000000000000000001', userName: 'Ana', role: 'explorer', email: 'ana@example.test' } } });
    const response = await handleAuthAction(post(login));
    expect(response.headers.getSetCookie().filter((c) => c.startsWith('__session='))).toEqual([]);
    expect(await failure(response)).toEqual({ status: 502, intent: 'login', formErrors: ['Login failed. Please check your credentials and try again.'], toast: null });
  });

  it('says the spec’s fallback for a login reply without the account (200 with only a token)', async () => {
    api.answer({ status: 200, body: { token: 'a-token' } });
    const result = await failure(await handleAuthAction(post(login)));
    expect(result).toEqual({ status: 502, intent: 'login', formErrors: ['Login failed. Please check your credentials and try again.'], toast: null });
  });

  it('says "Failed to reset password" as a toast and under the form when the server fails a reset', async () => {
    api.answer({ status: 503, body: { message: 'Service Unavailable' } });
    const result = await failure(await handleAuthAction(post(reset)));
    expect(result.formErrors).toEqual(['Failed to reset password']);
    expect(result.toast?.message).toBe('Failed to reset password');
  });

  it('shows a sign-up refusal’s details on their fields and its message as a toast', async () => {
    api.answer({ status: 409, body: { message: 'An account with this email already exists', details: [{ path: 'email', message: 'An account with this email already exists' }] } });
    // The sign-up form's honeypot fields as the page renders them (empty name, encrypted time).
    const { nameFieldName, validFromFieldName, encryptedValidFrom } = honeypotInputProps();
    const honeypot = { [nameFieldName]: '', [validFromFieldName!]: encryptedValidFrom! };
    const response = await handleAuthAction(post({ intent: 'signup', userName: 'Ana', email: 'ana@example.test', password: 'secret123', role: 'explorer', ...honeypot }));
    const data = (await response.json()) as { result: { error: Record<string, string[]> }; toast: { message: string } };
    expect(response.status).toBe(409);
    expect(data.result.error.email).toEqual(['An account with this email already exists']);
    expect(data.toast.message).toBe('An account with this email already exists');
  });
});

describe('back to the page that asked to sign in (decision 385)', () => {
  const account = { data: { id: '64b000000000000000000001', userName: 'Ana', role: 'explorer', email: 'ana@example.test', loginType: 'normal', firmName: null, firmType: null, country: null, state: null, city: null, contactNo: null, businessEmail: null, website: null, userDetails: null, profileImage: null, teams: [], projectCount: 0, HasPassword: true, isVerify: 0, isSuperAdmin: false }, token: 't'.repeat(64) };

  it('a login goes to its same-site redirectTo, with the Contact popup open', async () => {
    api.answer({ status: 200, body: account });
    const response = await handleAuthAction(post({ ...login, redirectTo: '/firms/64b000000000000000000002?dialog=contact' }));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/firms/64b000000000000000000002?dialog=contact');
  });

  it('a redirectTo that leaves the site is ignored: the login goes to /explore', async () => {
    for (const redirectTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/%2F%2Fevil.example']) {
      api.answer({ status: 200, body: account });
      const response = await handleAuthAction(post({ ...login, redirectTo }));
      expect(response.headers.get('location'), redirectTo).toBe('/explore');
    }
  });
});
