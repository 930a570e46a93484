/**
 * The plain values of sign in with Google and with Apple (showcase-and-accounts.md: social login):
 * providers and button sizes. No zod here, so the browser's sign-in buttons can use them; the
 * payload schema is in social-login.ts.
 */

export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_PROVIDER_LABELS: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** The spec's button sizes (section 9): large 40, medium 32, small 20 px. */
export const SOCIAL_BUTTON_HEIGHTS = { large: 40, medium: 32, small: 20 } as const;
export type SocialButtonSize = keyof typeof SOCIAL_BUTTON_HEIGHTS;
