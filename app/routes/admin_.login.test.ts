import { describe, expect, it } from 'vitest';
import { routeArgs, serverError, settled, useStandInApi } from '../../tests/helpers/stand-in-api';
import { action } from './admin_.login';

/**
 * The super-admin's sign-in (workspace-and-admin.md screen 16, section 8) against an api that
 * answers without a token or fails: "No token received from server", and no admin session.
 */
const api = useStandInApi();

const signIn = () =>
  settled(action(routeArgs(new Request('http://web.test/admin/login', { method: 'POST', body: new URLSearchParams({ email: 'admin@example.test', password: 'secret123' }) }))));

async function failure(response: Response) {
  const data = (await response.json()) as { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> }; toast: { message: string } | null };
  const adminCookies = response.headers.getSetCookie().filter((c) => c.startsWith('__admin='));
  return { status: response.status, formErrors: data.result.error?.[''] ?? [], adminCookies, password: data.result.initialValue?.password };
}

describe('the admin sign-in when the api answers without a token or fails', () => {
  it('says "No token received from server" for a 200 without a token, and starts no session', async () => {
    api.on('POST', '/api/admin/login', { status: 200, body: { message: 'Signed in' } });
    expect(await failure(await signIn())).toEqual({ status: 502, formErrors: ['No token received from server'], adminCookies: [], password: undefined });
    expect(JSON.parse(api.calls('POST', '/api/admin/login')[0]!.body)).toEqual({ email: 'admin@example.test', password: 'secret123' });
  });

  it('says the same for a 200 with an empty body', async () => {
    api.on('POST', '/api/admin/login', { status: 200 });
    const answer = await failure(await signIn());
    expect(answer.status).toBe(502);
    expect(answer.formErrors).toEqual(['No token received from server']);
  });

  it('answers 502 with the server’s message for a server failure (the catalogue: the server’s message)', async () => {
    api.on('POST', '/api/admin/login', serverError(500));
    expect(await failure(await signIn())).toEqual({ status: 502, formErrors: ['Internal Server Error'], adminCookies: [], password: undefined });
  });

  it('says "Invalid email or password" for a 401, whatever the api’s text', async () => {
    api.on('POST', '/api/admin/login', { status: 401, body: { message: 'No such admin' } });
    const answer = await failure(await signIn());
    expect(answer.status).toBe(401);
    expect(answer.formErrors).toEqual(['Invalid email or password']);
  });

  it('signs in with the token when there is one', async () => {
    api.on('POST', '/api/admin/login', { status: 200, body: { token: 'admin-token', message: 'Signed in' } });
    const response = await signIn();
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('__admin='))).toBe(true);
  });
});
