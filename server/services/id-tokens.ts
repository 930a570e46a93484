import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../config.js';
import { SOCIAL_PROVIDER_LABELS, type SocialProvider } from '../contract/social-login.js';
import { HttpError, unauthorized } from '../errors.js';

/** Where a provider's ID tokens come from: configuration, so tests and staging can use a local identity provider. */
export type IdTokenProvider = {
  name: SocialProvider;
  clientId: string | null;
  jwksUrl: string;
  issuers: string[];
};

/** What a verified ID token says about its holder. */
export type VerifiedIdentity = {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function idTokenProviders(config: Config): Record<SocialProvider, IdTokenProvider> {
  return {
    google: {
      name: 'google',
      clientId: config.GOOGLE_CLIENT_ID?.trim() || null,
      jwksUrl: config.GOOGLE_JWKS_URL,
      issuers: list(config.GOOGLE_ISSUERS),
    },
    apple: {
      name: 'apple',
      clientId: config.APPLE_CLIENT_ID?.trim() || null,
      jwksUrl: config.APPLE_JWKS_URL,
      issuers: list(config.APPLE_ISSUERS),
    },
  };
}

// Both providers sign their ID tokens with RS256; anything else (including "none") is refused.
const ALGORITHMS = ['RS256'];
const CLOCK_TOLERANCE_SECONDS = 30;

/** jose failures that mean "this token is not acceptable" (401); any other failure is the provider being unreachable (503). */
const TOKEN_FAULTS = new Set([
  errors.JWTExpired.code,
  errors.JWTClaimValidationFailed.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JWSInvalid.code,
  errors.JWTInvalid.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
  errors.JWKInvalid.code,
]);

function refusal(provider: IdTokenProvider, error: unknown): HttpError {
  const label = SOCIAL_PROVIDER_LABELS[provider.name];
  if (error instanceof errors.JWTExpired) return unauthorized(`The ${label} sign-in has expired. Please sign in again.`);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return unauthorized(`The ${label} sign-in was meant for another application.`);
    if (error.claim === 'iss') return unauthorized(`The ${label} sign-in was not issued by ${label}.`);
  }
  return unauthorized(`The ${label} sign-in could not be verified.`);
}

const emailVerified = (value: unknown) => value === true || value === 'true';

/**
 * Verifies ID tokens against each provider's published keys (JWKS), fetched on first use and
 * cached (10 minutes; a token with an unknown key id triggers a refetch at most every 30 s).
 */
export function createIdTokenVerifier(providers: Record<SocialProvider, IdTokenProvider>) {
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keySet = (url: string) => {
    let set = keySets.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
      keySets.set(url, set);
    }
    return set;
  };

  return {
    providers,
    /** The identity of a valid token; throws 401 for an invalid, expired or foreign token, 503 when the keys cannot be fetched. */
    async verify(provider: IdTokenProvider, idToken: string): Promise<VerifiedIdentity> {
      const label = SOCIAL_PROVIDER_LABELS[provider.name];
      if (!provider.clientId) throw unauthorized(`Sign in with ${label} is not enabled.`);
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, keySet(provider.jwksUrl), {
          algorithms: ALGORITHMS,
          issuer: provider.issuers,
          audience: provider.clientId,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        if (error instanceof errors.JOSEError && TOKEN_FAULTS.has(error.code)) throw refusal(provider, error);
        throw new HttpError(503, `Sign in with ${label} is unavailable right now. Please try again in a moment.`);
      }
      const email = typeof payload.email === 'string' && payload.email ? payload.email.toLowerCase() : null;
      return {
        provider: provider.name,
        subject: String(payload.sub),
        email,
        emailVerified: email !== null && emailVerified(payload.email_verified),
        name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null,
      };
    },
  };
}

export type IdTokenVerifier = ReturnType<typeof createIdTokenVerifier>;
