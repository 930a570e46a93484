import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, type TestApi } from '../../../tests/helpers/test-api';
import { createFirm, createUser } from '../../seed/factories';
import { createSession } from '../../queries/sessions';

/**
 * Property: whatever a client sends to the account endpoints (random JSON, half-right bodies,
 * wrong content types, broken JSON, odd headers), the api never answers 5xx, and every error
 * has the JSON error shape of DESIGN.md section 4.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

let api: TestApi;
let knownEmail: string;
let knownId: string;
let token: string;
let firmId: string;
beforeAll(async () => {
  // The limiter is out of the way here so that random bodies reach the handlers.
  api = await createTestApi({ RATE_LIMIT_MAX: '1000000' });
  const known = await createUser(api.db, { email: `fuzz-known-${Date.now()}@example.test` });
  knownEmail = known.email;
  knownId = known.id;
  token = await loginToken(api, knownEmail);
  firmId = (await createFirm(api.db, { email: `fuzz-firm-${Date.now()}@example.test` })).id;
});
afterAll(() => api.close());

type Request = { method: 'GET' | 'POST'; url: string; contentType?: string; body?: string; headers?: Record<string, string> };

/** A live token for the request: a fresh one for logout, which revokes it. */
async function liveToken(url: string) {
  return url === '/api/users/logout' ? (await createSession(api.db, knownId, { remember: false })).token : token;
}

async function send({ method, url, contentType, body, headers = {} }: Request) {
  if (headers.authorization === 'live-token') headers = { ...headers, authorization: `Bearer ${await liveToken(url)}` };
  const res = await api.app.inject({
    method,
    url,
    payload: body,
    headers: { ...(contentType === undefined ? {} : { 'content-type': contentType }), ...headers },
  });
  return res;
}

/** Fails the property with the request and the answer when the api answers 5xx or a bad error body. */
async function expectNo5xx(request: Request) {
  const res = await send(request);
  if (res.statusCode >= 500) {
    throw new Error(`${request.method} ${request.url} answered ${res.statusCode}: ${res.body}\nrequest: ${JSON.stringify(request).slice(0, 2000)}`);
  }
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(body).toEqual(expect.objectContaining({ message: expect.any(String) }));
  }
  return res;
}

// --- arbitraries ---------------------------------------------------------------------------

/** Strings that tend to break things: NUL, lone surrogates, huge, unicode, SQL and JSON lookalikes. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000@b.test',
    '\ud800',
    'x\udfffy@b.test',
    "' OR 1=1 --",
    '%00',
    '__proto__',
    'constructor',
    '123456',
    '000000',
    ' 1234 ',
    'A@B.TEST',
    'İ@example.test',
    '😀'.repeat(100),
    'a'.repeat(5000),
    `${'a'.repeat(250)}@b.test`,
  ),
);

const emailLike = fc.oneof(fc.emailAddress(), nastyString, fc.constant('placeholder-known-email'));

/** Any JSON value, the odd ones included. */
const jsonValue = fc.oneof(
  fc.anything({ maxDepth: 4, withNullPrototype: true, withObjectString: true }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.object({ maxDepth: 3 }),
  fc.array(fc.anything({ maxDepth: 2 })),
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, [], {}),
);

/** Bodies with the endpoint's own field names and random values: these get past the parser. */
const fieldValue = fc.oneof(nastyString, jsonValue, fc.boolean(), fc.integer(), fc.double());
const fieldsOf = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(
    Object.fromEntries(Object.entries(fields).map(([key, arb]) => [key, fc.oneof({ weight: 3, arbitrary: arb }, { weight: 1, arbitrary: fieldValue })])),
    { requiredKeys: [] },
  );

const endpointBodies: Record<string, fc.Arbitrary<unknown>> = {
  '/api/users/register': fieldsOf({
    userName: nastyString,
    role: fc.oneof(fc.constantFrom('explorer', 'architect', 'interiorDesigner', 'architectureAndInterior', 'employee', 'admin'), nastyString),
    email: emailLike,
    password: nastyString,
    loginType: fc.oneof(fc.constantFrom('normal', 'google'), nastyString),
  }),
  '/api/users/login': fieldsOf({ email: emailLike, password: fc.oneof(fc.constant('secret123'), nastyString), remember: fc.oneof(fc.boolean(), fieldValue) }),
  '/api/users/logout': jsonValue,
  '/api/users/forgot-password': fieldsOf({ email: emailLike }),
  '/api/users/reset-password': fieldsOf({
    email: emailLike,
    otp: fc.oneof(fc.stringMatching(/^\d{4,6}$/), nastyString),
    newPassword: nastyString,
  }),
  '/api/users/email-change': fieldsOf({ newEmail: emailLike, password: fc.oneof(fc.constant('secret123'), nastyString) }),
  '/api/users/email-change/confirm': fieldsOf({ code: fc.oneof(fc.stringMatching(/^\d{6}$/), nastyString) }),
};
const postUrls = Object.keys(endpointBodies);
const SIGNED_IN_URLS = new Set(['/api/users/logout', '/api/users/email-change', '/api/users/email-change/confirm']);
const getUrls = ['/api/users/me', '/api/users/placeholder-firm-id', '/api/users/email-change', '/api/health'];

/** Replaces the placeholders with live values, so some bodies hit a real account. */
function live(value: unknown): unknown {
  if (value === 'placeholder-known-email') return knownEmail;
  if (Array.isArray(value)) return value.map(live);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, live(v)]));
  }
  return value;
}
const liveUrl = (url: string) => url.replace('placeholder-firm-id', firmId);

/** JSON text of a value (undefined and other non-JSON values become an empty body). */
const toJson = (value: unknown): string => {
  try {
    return JSON.stringify(live(value)) ?? '';
  } catch {
    return '';
  }
};

const printableHeader = fc.stringMatching(/^[\x20-\x7e]{0,300}$/);
const authHeader = fc.oneof(
  fc.constant(undefined),
  fc.constant('live-token'),
  printableHeader,
  printableHeader.map((t) => `Bearer ${t}`),
  fc.constantFrom('Bearer', 'Bearer ', 'bearer x', `Bearer ${'z'.repeat(250)}`),
);
const headersFrom = (auth: string | undefined, forwardedFor: string | undefined): Record<string, string> => ({
  ...(auth === undefined ? {} : { authorization: auth }),
  ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
});
const forwardedFor = fc.option(fc.oneof(fc.ipV4(), fc.ipV6(), printableHeader), { nil: undefined });

const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'text/html',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=xyz',
      'application/octet-stream',
      'application/vnd.api+json',
      '*/*',
      '',
      'application/json, text/plain',
    ),
  },
  { weight: 1, arbitrary: printableHeader },
);

// --- properties ----------------------------------------------------------------------------

describe('no 5xx for any request body', () => {
  it.each(postUrls)('POST %s: random JSON bodies and header values', async (url) => {
    await fc.assert(
      fc.asyncProperty(endpointBodies[url]!, authHeader, forwardedFor, async (value, auth, ip) => {
        await expectNo5xx({ method: 'POST', url, contentType: 'application/json', body: toJson(value), headers: headersFrom(auth, ip) });
      }),
      { numRuns: RUNS },
    );
  });

  it.each(postUrls)('POST %s: any JSON value of any shape', async (url) => {
    await fc.assert(
      fc.asyncProperty(jsonValue, async (value) => {
        await expectNo5xx({ method: 'POST', url, contentType: 'application/json', body: toJson(value) });
      }),
      { numRuns: RUNS },
    );
  });

  it.each(postUrls)('POST %s: random text under random content types', async (url) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(nastyString, jsonValue.map(toJson), fc.constant(undefined)), contentType, async (body, type) => {
        await expectNo5xx({ method: 'POST', url, contentType: type, body: body as string | undefined });
      }),
      { numRuns: RUNS },
    );
  });

  it.each(postUrls)('POST %s: invalid JSON text', async (url) => {
    const isJson = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    const broken = fc
      .oneof(
        fc.string(),
        jsonValue.map(toJson).map((s) => s.slice(0, -1)),
        fc.constantFrom('{', '{"email":', '{"email": "a@b.test",}', "{'email': 'a@b.test'}", 'NaN', 'undefined', '\u0000', '{"a":1}{"b":2}'),
      )
      .filter((text) => !isJson(text));
    await fc.assert(
      fc.asyncProperty(broken, async (body) => {
        const res = await expectNo5xx({ method: 'POST', url, contentType: 'application/json', body });
        // A signed-in route checks the token before it reads the body: no token, 401 whatever the body.
        expect(res.statusCode).toBe(SIGNED_IN_URLS.has(url) ? 401 : 400);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(getUrls)('GET %s: random headers and bodies', async (url) => {
    await fc.assert(
      fc.asyncProperty(authHeader, forwardedFor, fc.option(jsonValue.map(toJson), { nil: undefined }), contentType, async (auth, ip, body, type) => {
        await expectNo5xx({ method: 'GET', url: liveUrl(url), contentType: body === undefined ? undefined : type, body, headers: headersFrom(auth, ip) });
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /api/users/{id}: random ids', async () => {
    const id = fc.oneof(fc.string({ unit: 'binary', minLength: 1 }), fc.stringMatching(/^[0-9a-f]{1,30}$/), fc.constantFrom('%00', '%', '%ZZ', '..', '%2F', 'a'.repeat(300)));
    await fc.assert(
      fc.asyncProperty(id, fc.boolean(), async (raw, encode) => {
        const segment = encode ? encodeURIComponent(raw) : raw.replace(/[^\x21-\x7e]/g, '');
        await expectNo5xx({ method: 'GET', url: `/api/users/${segment}`, headers: bearer(token) });
      }),
      { numRuns: RUNS },
    );
  });

  it.each(postUrls)('POST %s: fixed hostile bodies', async (url) => {
    const deep = 100_000;
    const bodies: Array<[string | undefined, string | undefined]> = [
      ['application/json', '{"__proto__":{"isSuperAdmin":true},"email":"a@b.test","password":"secret123"}'],
      ['application/json', '{"constructor":{"prototype":{"polluted":true}}}'],
      ['application/json', `${'['.repeat(deep)}${']'.repeat(deep)}`],
      ['application/json', `${'{"a":'.repeat(deep)}1${'}'.repeat(deep)}`],
      ['application/json', JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) })],
      ['application/json', `{"email":"${knownEmail}","email":"other@b.test","password":"secret123"}`],
      ['application/json', '\uFEFF{"email":"a@b.test"}'],
      ['application/json', ' '],
      ['application/json', ''],
      [undefined, undefined],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test\r\n--xyz--\r\n'],
      ['application/x-www-form-urlencoded', 'email=a%40b.test&password=secret123'],
    ];
    for (const [type, body] of bodies) {
      await expectNo5xx({ method: 'POST', url, contentType: type, body, headers: { authorization: 'live-token' } });
    }
  });
});
