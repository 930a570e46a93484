import type { SocialSignInConfig } from '~/components/social-sign-in';
import { env } from './env.server';

/** The providers whose client id is configured (an empty value counts as unset), with their script URLs. */
export function socialSignInConfig(source: Pick<typeof env, 'GOOGLE_CLIENT_ID' | 'APPLE_CLIENT_ID' | 'GOOGLE_SCRIPT_URL' | 'APPLE_SCRIPT_URL'> = env): SocialSignInConfig {
  const google = source.GOOGLE_CLIENT_ID?.trim();
  const apple = source.APPLE_CLIENT_ID?.trim();
  return {
    google: google ? { clientId: google, scriptUrl: source.GOOGLE_SCRIPT_URL } : null,
    apple: apple ? { clientId: apple, scriptUrl: source.APPLE_SCRIPT_URL } : null,
  };
}
