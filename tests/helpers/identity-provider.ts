import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/**
 * A local identity provider for tests: its own RS256 key pair, its JWKS served on loopback, and
 * ID tokens minted like Google's and Apple's. Nothing is downloaded: for the browser it also
 * serves small stand-ins of the providers' sign-in scripts (Google Identity Services and Sign in
 * with Apple JS) whose buttons get their credential from this provider.
 */

export type ProviderName = 'google' | 'apple';
export type ProviderSettings = { issuer: string; clientId: string };

export type MintOptions = {
  provider?: ProviderName;
  sub?: string;
  email?: string | null;
  emailVerified?: boolean | 'true' | 'false';
  name?: string;
  /** Overrides of the provider's settings, to mint foreign tokens. */
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Signs with a key the JWKS does not publish (same key id), for a bad signature. */
  foreignKey?: boolean;
  kid?: string;
};

export type IdentityProvider = Awaited<ReturnType<typeof startIdentityProvider>>;

const KID = 'local-test-key';

export async function startIdentityProvider(
  options: { port?: number; host?: string; providers?: Partial<Record<ProviderName, Partial<ProviderSettings>>> } = {},
) {
  const host = options.host ?? '127.0.0.1';
  const keys = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  let jwksRequests = 0;

  const server = http.createServer((req, res) => handle(req, res).catch(() => send(res, 500, 'text/plain', 'error')));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  const providers: Record<ProviderName, ProviderSettings> = {
    google: { issuer: `${url}/google`, clientId: 'test-google-client.apps.googleusercontent.com', ...options.providers?.google },
    apple: { issuer: `${url}/apple`, clientId: 'test.apple.web.client', ...options.providers?.apple },
  };

  async function mint(opts: MintOptions = {}): Promise<string> {
    const provider = providers[opts.provider ?? 'google'];
    const claims: JWTPayload & Record<string, unknown> = {};
    if (opts.email !== null) {
      claims.email = opts.email ?? `someone-${crypto.randomBytes(4).toString('hex')}@example.test`;
      claims.email_verified = opts.emailVerified ?? true;
    }
    if (opts.name) claims.name = opts.name;
    const now = Math.floor(Date.now() / 1000);
    const key: CryptoKey = opts.foreignKey ? other.privateKey : keys.privateKey;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? KID, typ: 'JWT' })
      .setIssuer(opts.issuer ?? provider.issuer)
      .setAudience(opts.audience ?? provider.clientId)
      .setSubject(opts.sub ?? String(crypto.randomInt(1e9, 1e10)))
      .setIssuedAt(now - 5)
      .setExpirationTime(now + (opts.expiresIn ?? 3600))
      .sign(key);
  }

  function send(res: http.ServerResponse, status: number, type: string, body: string) {
    res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
    res.end(body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const u = new URL(req.url ?? '/', url);
    if (u.pathname === '/jwks') {
      jwksRequests += 1;
      return send(res, 200, 'application/json', JSON.stringify({ keys: [publicJwk] }));
    }
    if (u.pathname === '/mint') {
      const q = u.searchParams;
      const provider = q.get('provider') === 'apple' ? 'apple' : 'google';
      const token = await mint({
        provider,
        sub: q.get('sub') ?? undefined,
        email: q.get('email') ?? undefined,
        name: q.get('name') ?? undefined,
        emailVerified: q.get('email_verified') === 'false' ? false : true,
        audience: q.get('aud') ?? undefined,
        issuer: q.get('iss') ?? undefined,
        expiresIn: q.has('expires_in') ? Number(q.get('expires_in')) : undefined,
      });
      return send(res, 200, 'application/json', JSON.stringify({ token }));
    }
    if (u.pathname === '/gsi/client') return send(res, 200, 'text/javascript', googleScript(url));
    if (u.pathname === '/appleid.auth.js') return send(res, 200, 'text/javascript', appleScript(url));
    return send(res, 404, 'text/plain', 'not found');
  }

  return {
    url,
    jwksUrl: `${url}/jwks`,
    providers,
    mint,
    /** How often the JWKS was fetched (the api caches it). */
    jwksRequests: () => jwksRequests,
    /** The api configuration that trusts this provider for both Google and Apple. */
    apiEnv(): Record<string, string> {
      return {
        GOOGLE_CLIENT_ID: providers.google.clientId,
        GOOGLE_JWKS_URL: `${url}/jwks`,
        GOOGLE_ISSUERS: providers.google.issuer,
        APPLE_CLIENT_ID: providers.apple.clientId,
        APPLE_JWKS_URL: `${url}/jwks`,
        APPLE_ISSUERS: providers.apple.issuer,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Stand-in for Google Identity Services (accounts.google.com/gsi/client): initialize, renderButton
 * (a button of the requested size) and a click that returns a credential minted by this provider
 * for `window.__idpIdentity` ({ sub, email, name, aud, iss, expires_in }), set by the test.
 */
function googleScript(origin: string) {
  return `(() => {
  const IDP = ${JSON.stringify(origin)};
  const HEIGHTS = { large: 40, medium: 32, small: 20 };
  let config = null;
  window.google = { accounts: { id: {
    initialize(c) { config = c; },
    renderButton(el, opts) {
      el.textContent = '';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Sign in with Google';
      button.dataset.size = opts.size || 'large';
      button.style.height = HEIGHTS[opts.size || 'large'] + 'px';
      button.addEventListener('click', async () => {
        const q = new URLSearchParams({ provider: 'google', aud: config.client_id, ...(window.__idpIdentity || {}) });
        const { token } = await (await fetch(IDP + '/mint?' + q)).json();
        config.callback({ credential: token, select_by: 'btn', clientId: config.client_id });
      });
      el.appendChild(button);
    },
    prompt() {}, cancel() {}, disableAutoSelect() {},
  } } };
})();`;
}

/** Stand-in for Sign in with Apple JS: AppleID.auth.init and signIn, resolving like its popup mode. */
function appleScript(origin: string) {
  return `(() => {
  const IDP = ${JSON.stringify(origin)};
  let config = null;
  window.AppleID = { auth: {
    init(c) { config = c; },
    async signIn() {
      const who = window.__idpIdentity || {};
      if (who.fail) throw { error: who.fail };
      const q = new URLSearchParams({ provider: 'apple', aud: config.clientId, ...who });
      const { token } = await (await fetch(IDP + '/mint?' + q)).json();
      const user = who.firstName ? { email: who.email, name: { firstName: who.firstName, lastName: who.lastName || '' } } : undefined;
      return { authorization: { id_token: token, code: 'local-code', state: config.state }, user };
    },
  } };
})();`;
}
