import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, type TestApi } from '../tests/helpers/test-api';
import { BODY_LIMITS } from './body-limits';
import { createFirm } from './seed/factories';
import { createOrResetSuperAdmin } from './queries/admin-accounts';

let api: TestApi;
let firmToken: string;
let firmId: string;
let adminToken: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  firmId = firm.id;
  firmToken = await loginToken(api, firm.email);
  await createOrResetSuperAdmin(api.db, { email: 'bodies-admin@example.test', password: 'admin-pass-1' });
  const res = await api.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'bodies-admin@example.test', password: 'admin-pass-1' } });
  adminToken = res.json().token;
});
afterAll(() => api.close());

const send = (method: 'POST' | 'PUT', url: string, body: string, token?: string) =>
  api.app.inject({ method, url: `/api${url}`, payload: body, headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) } });

/** JSON routes of each kind: sign-in and codes, a firm's own data, the admin area. */
const jsonRoutes = (): Array<[method: 'POST' | 'PUT', url: string, token?: string]> => [
  ['POST', '/users/login'],
  ['POST', '/users/register'],
  ['POST', '/users/forgot-password'],
  ['POST', '/users/reset-password'],
  ['POST', '/users/login/social'],
  ['POST', '/users/email-change', firmToken],
  ['POST', '/users/email-change/confirm', firmToken],
  ['PUT', `/users/update-profile/${firmId}`, firmToken],
  ['POST', '/projects/public-project', firmToken],
  ['POST', '/admin/login'],
  ['PUT', `/admin/user-verification/${firmId}?isVerify=3`, adminToken],
];

describe('invalid JSON', () => {
  it.each(['{"email":', '{"email": "a@b.test",}', "{'email': 'a'}", 'NaN', '{"a":1}{"b":2}', '{"__proto__": {"admin": true}}', '\u0000'])(
    'answers 400 "The request body is not valid JSON", not the parser’s words, for %j',
    async (body) => {
      for (const [method, url, token] of jsonRoutes()) {
        const res = await send(method, url, body, token);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json(), `${method} ${url}`).toEqual({ message: 'The request body is not valid JSON' });
      }
    },
  );
});

describe('body limits per route', () => {
  /** A JSON object of about `bytes` bytes (a long value of an unknown field, which validation would drop). */
  const jsonOf = (bytes: number, fields: object = {}) => JSON.stringify({ ...fields, padding: 'x'.repeat(bytes) });

  it.each([
    ['POST', '/users/login', BODY_LIMITS.json, '16 KB'],
    ['POST', '/users/register', BODY_LIMITS.json, '16 KB'],
    ['POST', '/users/forgot-password', BODY_LIMITS.json, '16 KB'],
    ['POST', '/admin/login', BODY_LIMITS.json, '16 KB'],
    ['POST', '/users/login/social', BODY_LIMITS.socialLogin, '32 KB'],
    ['PUT', '/users/update-profile/{firm}', BODY_LIMITS.profile, '64 KB'],
    ['POST', '/projects/public-project', BODY_LIMITS.project, '256 KB'],
    ['PUT', '/projects/summary/items/0123456789abcdef01234567', BODY_LIMITS.item, '64 KB'],
    ['POST', '/projects/library', BODY_LIMITS.item, '64 KB'],
    ['PUT', '/projects/summary/0123456789abcdef01234567/items', BODY_LIMITS.saveAll, '4 MB'],
  ] as const)('%s %s: a body over %i bytes is refused with 413 naming the limit; one just under it is read', async (method, path, limit, named) => {
    const url = path.replace('{firm}', firmId);
    const over = await send(method, url, jsonOf(limit), firmToken);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: `The request body is too large (at most ${named})` });
    const under = await send(method, url, jsonOf(limit - 200), firmToken);
    expect(under.statusCode).not.toBe(413);
    expect(under.statusCode).toBeLessThan(500);
  });

  it('the JSON limit is far below the old 1 MB: a 100 KB sign-in body is refused before it is parsed', async () => {
    const res = await send('POST', '/users/login', jsonOf(100 * 1024, { email: 'a@b.test', password: 'x' }));
    expect(res.statusCode).toBe(413);
  });
});
