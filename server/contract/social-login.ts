import { z } from 'zod/v4';
import { optionalText } from './text-fields.js';

/**
 * Sign in with Google and with Apple (showcase-and-accounts.md: social login payload, POST /users/login/social).
 * The providers and button sizes live in social-login-rules.ts, free of zod for browser code, and are
 * re-exported here for the api.
 */

export {
  isSocialProvider,
  SOCIAL_BUTTON_HEIGHTS,
  SOCIAL_PROVIDER_LABELS,
  SOCIAL_PROVIDERS,
  type SocialButtonSize,
  type SocialProvider,
} from './social-login-rules.js';

/**
 * The payload of the spec. The token is the only thing trusted: socialId and email must be the
 * token's own subject and email. loginType stays a plain string here so that an unknown provider
 * is refused like any foreign token (401), not as a malformed body.
 */
export const SocialLoginBody = z.object({
  displayName: optionalText(120),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .email('Invalid email format')
    .transform((v) => v.toLowerCase()),
  idToken: z.string({ error: 'idToken is required' }).min(1, 'idToken is required').max(10_000, 'idToken is too long'),
  loginType: z.string({ error: 'loginType is required' }).min(1, 'loginType is required').max(32),
  photoURL: optionalText(2048),
  socialId: z.string({ error: 'socialId is required' }).trim().min(1, 'socialId is required').max(255),
  /** Not in the spec's payload: the login view's Remember me, as for POST /users/login. */
  remember: z.boolean().optional().default(false),
});
export type SocialLoginBody = z.infer<typeof SocialLoginBody>;
