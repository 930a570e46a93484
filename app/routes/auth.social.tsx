import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod/v4';
import { loginWithSocial } from '~/models/users.server';
import { requireAnonymous } from '~/utils/guards.server';
import { readFormData } from '~/utils/form-data.server';
import { commitUserSession } from '~/utils/session.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { SOCIAL_PROVIDERS } from '../../server/contract/social-login';
import { attempt } from '~/utils/form-action.server';

/**
 * The web action of "Sign in with Google / Apple": the login view's buttons post the provider's
 * credential here (as form fields); the api verifies it and the session is stored as for a normal
 * login. Failures are logged, not shown (spec, section 8): the visitor stays on the login view.
 */

const SocialSignInForm = z.object({
  loginType: z.enum(SOCIAL_PROVIDERS),
  idToken: z.string().min(1).max(10_000),
  email: z.string().max(254),
  socialId: z.string().max(255),
  displayName: z.string().max(120).optional(),
  photoURL: z.string().max(2048).optional(),
  remember: z.string().optional(),
});

const LOGIN_VIEW = '/?view=login#auth';

export async function loader() {
  return redirect(LOGIN_VIEW);
}

export async function action({ request }: ActionFunctionArgs) {
  // A sign-in posted from another site (login CSRF) is refused by the web server (web-server/csrf.ts).
  await requireAnonymous(request);

  const entries = Object.fromEntries([...(await readFormData(request))].filter(([, v]) => typeof v === 'string'));
  const parsed = SocialSignInForm.safeParse(entries);
  if (!parsed.success) {
    console.warn('[social sign-in] malformed credential', parsed.error.issues.map((i) => i.path.join('.')).join(', '));
    return redirect(LOGIN_VIEW);
  }
  const { remember, displayName, photoURL, ...credential } = parsed.data;
  const sent = await attempt(
    loginWithSocial(request, {
      ...credential,
      displayName: displayName || null,
      photoURL: photoURL || null,
      remember: remember === 'on',
    }),
  );
  if (!sent.ok) {
    console.warn(`[social sign-in] ${credential.loginType} refused: ${sent.error.status} ${sent.error.message}`);
    return redirect(LOGIN_VIEW);
  }
  const { data, token } = sent.reply;
  const cookie = await commitUserSession(request, token, data, { remember: remember === 'on' });
  return redirectWithSuccess('/explore', `Welcome, ${data.userName}`, { headers: { 'Set-Cookie': cookie } });
}
