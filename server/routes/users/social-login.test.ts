import { count, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialIdentities, users } from '../../db/schema/index';
import { createUser } from '../../seed/factories';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { startIdentityProvider, type IdentityProvider, type MintOptions } from '../../../tests/helpers/identity-provider';

let idp: IdentityProvider;
let api: TestApi;

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await createTestApi(idp.apiEnv());
});
afterAll(async () => {
  await api?.close();
  await idp?.close();
});

type Payload = { displayName?: string | null; email: string; idToken: string; loginType: string; photoURL?: string | null; socialId: string; remember?: boolean };

/** The payload the web sends: the fields read from the token itself, as the sign-in scripts give them. */
async function payloadFor(options: MintOptions = {}, overrides: Partial<Payload> = {}): Promise<Payload> {
  const idToken = await idp.mint(options);
  const claims = decodeJwt(idToken);
  return {
    displayName: options.name ?? 'Ada Lovelace',
    email: String(claims.email ?? 'nobody@example.test'),
    idToken,
    loginType: options.provider ?? 'google',
    photoURL: 'https://lh3.googleusercontent.com/a/photo.jpg',
    socialId: String(claims.sub),
    ...overrides,
  };
}

const post = (target: TestApi, payload: unknown) =>
  target.app.inject({ method: 'POST', url: '/api/users/login/social', payload: payload as Record<string, unknown> });

async function counts(target: TestApi = api) {
  const [u] = await target.db.select({ n: count() }).from(users);
  const [s] = await target.db.select({ n: count() }).from(socialIdentities);
  return { users: Number(u!.n), identities: Number(s!.n) };
}

const uniqueEmail = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** Posts a payload that must be refused: 401 with a message, and no user or identity written. */
async function expectRefused(payload: unknown, target: TestApi = api) {
  const before = await counts(target);
  const res = await post(target, payload);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: expect.any(String) });
  expect(await counts(target)).toEqual(before);
  return res.json().message as string;
}

describe('POST /api/users/login/social — accepted tokens', () => {
  it('creates an explorer account without a password for a new Google identity and signs it in', async () => {
    const email = uniqueEmail('new-google');
    const before = await counts();
    const res = await post(api, await payloadFor({ email, sub: '1000001', name: 'Grace Hopper' }, { displayName: 'Grace Hopper' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.data).toMatchObject({ email, userName: 'Grace Hopper', role: 'explorer', loginType: 'google', HasPassword: false, isVerify: 0 });
    expect(await counts()).toEqual({ users: before.users + 1, identities: before.identities + 1 });

    const [identity] = await api.db.select().from(socialIdentities).where(eq(socialIdentities.subject, '1000001'));
    expect(identity).toMatchObject({ provider: 'google', userId: body.data.id, email });

    const me = await api.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(body.data.id);
  });

  it('signs a returning identity into the same account, without writing a new one', async () => {
    const email = uniqueEmail('returning');
    const first = await post(api, await payloadFor({ email, sub: '1000002' }));
    expect(first.statusCode).toBe(200);
    const before = await counts();
    const again = await post(api, await payloadFor({ email, sub: '1000002' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.json().token).not.toBe(first.json().token);
    expect(await counts()).toEqual(before);
  });

  it('recognises a returning identity by its subject even when its email changed at the provider', async () => {
    const first = await post(api, await payloadFor({ email: uniqueEmail('before'), sub: '1000003' }));
    const newEmail = uniqueEmail('after');
    const again = await post(api, await payloadFor({ email: newEmail, sub: '1000003' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const [identity] = await api.db.select().from(socialIdentities).where(eq(socialIdentities.subject, '1000003'));
    expect(identity!.email).toBe(newEmail);
  });

  it('links the identity to an existing account with the same verified email', async () => {
    const existing = await createUser(api.db, { email: uniqueEmail('Existing').replace('existing', 'Existing') });
    const before = await counts();
    const res = await post(api, await payloadFor({ email: existing.email.toLowerCase(), sub: '1000004' }));
    expect(res.statusCode).toBe(200);
    // The account keeps its password and how it was created.
    expect(res.json().data).toMatchObject({ id: existing.id, HasPassword: true, loginType: 'normal' });
    expect(await counts()).toEqual({ users: before.users, identities: before.identities + 1 });
    const again = await post(api, await payloadFor({ email: existing.email.toLowerCase(), sub: '1000004' }));
    expect(again.json().data.id).toBe(existing.id);
  });

  it('creates, then recognises, an Apple identity (email_verified given as the string "true")', async () => {
    const email = uniqueEmail('apple');
    const before = await counts();
    const first = await post(api, await payloadFor({ provider: 'apple', email, sub: '001234.abcdef.0001', emailVerified: 'true' }, { displayName: null, photoURL: null }));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ email, loginType: 'apple', HasPassword: false, role: 'explorer' });
    // Apple gives no name after the first authorization: the account is named after the email.
    expect(first.json().data.userName).toBe(email.split('@')[0]);
    const again = await post(api, await payloadFor({ provider: 'apple', email, sub: '001234.abcdef.0001', emailVerified: 'true' }, { displayName: null }));
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await counts()).toEqual({ users: before.users + 1, identities: before.identities + 1 });
  });

  it('keeps Google and Apple identities apart while linking both to one account by email', async () => {
    const email = uniqueEmail('both');
    const google = await post(api, await payloadFor({ email, sub: 'same-sub-1' }));
    const apple = await post(api, await payloadFor({ provider: 'apple', email, sub: 'same-sub-1' }));
    expect(apple.statusCode).toBe(200);
    expect(apple.json().data.id).toBe(google.json().data.id);
    const rows = await api.db.select().from(socialIdentities).where(eq(socialIdentities.subject, 'same-sub-1'));
    expect(rows.map((r) => r.provider).sort()).toEqual(['apple', 'google']);
  });

  it('fetches the published keys once and serves later sign-ins from its cache', async () => {
    const fetched = idp.jwksRequests();
    for (let i = 0; i < 3; i++) expect((await post(api, await payloadFor({ email: uniqueEmail('cache') }))).statusCode).toBe(200);
    expect(idp.jwksRequests()).toBe(fetched);
  });

  it('ignores the photo URL of the payload (profile photos are uploaded, not hot-linked)', async () => {
    const res = await post(api, await payloadFor({ email: uniqueEmail('photo') }, { photoURL: 'https://tracker.example/pixel.gif' }));
    expect(res.json().data.profileImage).toBeNull();
  });
});

describe('POST /api/users/login/social — refused tokens: 401, nothing written', () => {
  it('refuses a token issued for another client id (wrong audience)', async () => {
    const message = await expectRefused(await payloadFor({ email: uniqueEmail('aud'), audience: 'someone-else.apps.googleusercontent.com' }));
    expect(message).toMatch(/another application/);
  });

  it('refuses a token from another issuer', async () => {
    const message = await expectRefused(await payloadFor({ email: uniqueEmail('iss'), issuer: 'https://evil.example' }));
    expect(message).toMatch(/not issued by Google/);
  });

  it('refuses a Google token presented as an Apple sign-in', async () => {
    await expectRefused(await payloadFor({ email: uniqueEmail('cross') }, { loginType: 'apple' }));
  });

  it('refuses an expired token', async () => {
    const message = await expectRefused(await payloadFor({ email: uniqueEmail('expired'), expiresIn: -3600 }));
    expect(message).toMatch(/expired/);
  });

  it('refuses a token signed by another key under the published key id (bad signature)', async () => {
    await expectRefused(await payloadFor({ email: uniqueEmail('sig'), foreignKey: true }));
  });

  it('refuses a token signed by a key the provider does not publish', async () => {
    await expectRefused(await payloadFor({ email: uniqueEmail('kid'), foreignKey: true, kid: 'unknown-key' }));
  });

  it('refuses an unsigned token (alg none) and a token that is not a JWT', async () => {
    const good = await payloadFor({ email: uniqueEmail('none') });
    const [, claims] = good.idToken.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expectRefused({ ...good, idToken: `${header}.${claims}.` });
    await expectRefused({ ...good, idToken: 'not-a-token' });
  });

  it('refuses a payload whose socialId is not the token subject', async () => {
    await expectRefused(await payloadFor({ email: uniqueEmail('sub'), sub: '2000001' }, { socialId: '2000002' }));
  });

  it('refuses a payload whose email is not the token email', async () => {
    const victim = await createUser(api.db, { email: uniqueEmail('victim') });
    await expectRefused(await payloadFor({ email: uniqueEmail('attacker') }, { email: victim.email }));
  });

  it('refuses to link an existing account to an identity whose email the provider has not verified', async () => {
    const existing = await createUser(api.db, { email: uniqueEmail('unverified-link') });
    const message = await expectRefused(await payloadFor({ email: existing.email, emailVerified: false }));
    expect(message).toMatch(/not verified/);
  });

  it('refuses to create an account for an unverified email', async () => {
    await expectRefused(await payloadFor({ provider: 'apple', email: uniqueEmail('unverified-new'), emailVerified: 'false' }));
  });

  it('refuses a token without an email for a new identity', async () => {
    const idToken = await idp.mint({ email: null, sub: '2000003' });
    await expectRefused({ email: uniqueEmail('noemail'), idToken, loginType: 'google', socialId: '2000003' });
  });

  it('refuses an unknown loginType', async () => {
    const payload = await payloadFor({ email: uniqueEmail('type') });
    expect(await expectRefused({ ...payload, loginType: 'facebook' })).toBe('Unsupported sign-in provider');
    await expectRefused({ ...payload, loginType: 'normal' });
  });

  it('does not link or sign in the super-admin', async () => {
    const admin = await createUser(api.db, { email: uniqueEmail('admin'), isSuperAdmin: true });
    await expectRefused(await payloadFor({ email: admin.email }));
  });

  it('refuses a provider whose client id is not configured', async () => {
    const googleOnly = await createTestApi({ ...idp.apiEnv(), APPLE_CLIENT_ID: '' });
    try {
      const message = await expectRefused(await payloadFor({ provider: 'apple', email: uniqueEmail('off') }), googleOnly);
      expect(message).toBe('Sign in with Apple is not enabled.');
    } finally {
      await googleOnly.close();
    }
  });
});

describe('POST /api/users/login/social — malformed requests and outages', () => {
  it.each([
    ['an empty object', {}],
    ['a missing idToken', { email: 'a@example.test', loginType: 'google', socialId: '1' }],
    ['an invalid email', { email: 'not-an-email', idToken: 'x', loginType: 'google', socialId: '1' }],
    ['wrong types', { email: 1, idToken: [], loginType: {}, socialId: null, displayName: 5 }],
    ['an array', [1, 2, 3]],
    ['a string', 'hello'],
    ['a huge token', { email: 'a@example.test', idToken: 'x'.repeat(20_000), loginType: 'google', socialId: '1' }],
  ])('answers 400 with the error shape for %s', async (_name, payload) => {
    const before = await counts();
    const res = await api.app.inject({ method: 'POST', url: '/api/users/login/social', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
    expect(await counts()).toEqual(before);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/api/users/login/social', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 503 and writes nothing when the provider keys cannot be fetched', async () => {
    const offline = await createTestApi({ ...idp.apiEnv(), GOOGLE_JWKS_URL: 'http://127.0.0.1:9/jwks' });
    try {
      const before = await counts(offline);
      const res = await post(offline, await payloadFor({ email: uniqueEmail('offline') }));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: expect.stringMatching(/unavailable/) });
      expect(await counts(offline)).toEqual(before);
    } finally {
      await offline.close();
    }
  });

  it('rate-limits failed social sign-ins per email and address, never successful ones', async () => {
    const limited = await createTestApi({ ...idp.apiEnv(), RATE_LIMIT_MAX: '2' });
    try {
      const email = uniqueEmail('limited');
      const from = (address: string) => async (payload: Payload) =>
        limited.app.inject({ method: 'POST', url: '/api/users/login/social', payload, headers: { 'x-forwarded-for': address } });
      const here = from('203.0.113.40');
      for (let i = 0; i < 3; i++) expect((await here(await payloadFor({ email, sub: '3000001' }))).statusCode).toBe(200);
      // A token of another identity than the payload claims: refused, and counted.
      for (let i = 0; i < 2; i++) expect((await here(await payloadFor({ email, sub: '3000001' }, { socialId: '999' }))).statusCode).toBe(401);
      const res = await here(await payloadFor({ email, sub: '3000001' }));
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // The account itself is not locked: from another address it signs in.
      expect((await from('203.0.113.41')(await payloadFor({ email, sub: '3000001' }))).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/users/login/social'].post.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['displayName', 'email', 'idToken', 'loginType', 'photoURL', 'socialId']),
    );
  });
});

describe('an account created by a social sign-in', () => {
  it('has no password until it sets one with forgot / reset password, then logs in with it', async () => {
    const email = uniqueEmail('set-password');
    const social = await post(api, await payloadFor({ email, sub: '4000001' }));
    expect(social.json().data.HasPassword).toBe(false);
    const noPassword = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: 'anything' } });
    expect(noPassword.statusCode).toBe(401);

    const forgot = await api.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const mail = (await api.outbox()).filter((m) => m.to === email).at(-1)!;
    const otp = /\b(\d{6})\b/.exec(mail.text)![1];
    const reset = await api.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { email, otp, newPassword: 'chosen-pass' } });
    expect(reset.statusCode).toBe(200);

    const login = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: 'chosen-pass' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ HasPassword: true, loginType: 'google' });
    // The identity still signs in too.
    expect((await post(api, await payloadFor({ email, sub: '4000001' }))).json().data.id).toBe(social.json().data.id);
  });
});
