import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '~/utils/env.server';
import { honeypotInputProps } from '~/utils/honeypot.server';
import { handleAuthAction } from './actions.server';

/**
 * The home page's actions against a stand-in api that answers what each test sets: the spec's
 * error catalogue for login and reset (showcase-and-accounts.md section 8).
 */
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
});
let savedApiUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  savedApiUrl = env.API_URL;
  env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  env.API_URL = savedApiUrl;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

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
    answer = { status: 401, body: { message: 'Invalid email or password' } };
    const result = await failure(await handleAuthAction(post(login)));
    expect(result).toEqual({ status: 401, intent: 'login', formErrors: ['Invalid email or password'], toast: null });
  });

  it('says the spec’s fallback for a login the server fails (5xx), not the server’s own text', async () => {
    answer = { status: 500, body: { message: 'Internal Server Error' } };
    const result = await failure(await handleAuthAction(post(login)));
    expect(result.formErrors).toEqual(['Login failed. Please check your credentials and try again.']);
    expect(result.status).toBe(400);
  });

  it('says "Failed to reset password" as a toast and under the form when the server fails a reset', async () => {
    answer = { status: 503, body: { message: 'Service Unavailable' } };
    const result = await failure(await handleAuthAction(post(reset)));
    expect(result.formErrors).toEqual(['Failed to reset password']);
    expect(result.toast?.message).toBe('Failed to reset password');
  });

  it('shows a sign-up refusal’s details on their fields and its message as a toast', async () => {
    answer = { status: 409, body: { message: 'An account with this email already exists', details: [{ path: 'email', message: 'An account with this email already exists' }] } };
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
