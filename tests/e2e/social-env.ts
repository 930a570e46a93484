import { E2E } from './env';

/**
 * The local identity provider of the end-to-end run (port base + 2): it stands in for Google and
 * Apple. The api trusts its JWKS and issuers; the web loads its stand-in sign-in scripts, so no
 * provider script is ever downloaded in tests.
 */
const port = E2E.webPort + 2;
const url = `http://127.0.0.1:${port}`;

export const IDP = {
  port,
  url,
  google: { clientId: 'e2e-google-client.apps.googleusercontent.com', issuer: `${url}/google` },
  apple: { clientId: 'e2e.apple.web.client', issuer: `${url}/apple` },
};

/** Web env: client ids (so the buttons are shown) and the stand-in scripts. */
export const socialWebEnv = {
  GOOGLE_CLIENT_ID: IDP.google.clientId,
  APPLE_CLIENT_ID: IDP.apple.clientId,
  GOOGLE_SCRIPT_URL: `${url}/gsi/client`,
  APPLE_SCRIPT_URL: `${url}/appleid.auth.js`,
};

/** Starts the provider (in the api's process) and puts its settings into the api's env. */
export async function startE2EIdentityProvider() {
  const { startIdentityProvider } = await import('../helpers/identity-provider');
  const idp = await startIdentityProvider({ port, providers: { google: IDP.google, apple: IDP.apple } });
  Object.assign(process.env, idp.apiEnv());
  return idp;
}
