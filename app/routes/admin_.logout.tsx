import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { attempt } from '~/utils/form-action.server';
import { adminLogout } from '~/models/admin.server';
import { ADMIN_LOGIN_PATH, adminSessionStorage, getAdminSession } from '~/utils/admin-session.server';
import { redirectWithSuccess } from '~/utils/toast.server';

/** Ends the admin session: the token is revoked at the api, the `__admin` cookie removed. */
export async function action({ request }: ActionFunctionArgs) {
  // Already expired (the thrown redirect ends the session) or the api away: the cookie goes anyway.
  await attempt(adminLogout(request));
  const cookie = await adminSessionStorage.destroySession(await getAdminSession(request));
  return redirectWithSuccess(ADMIN_LOGIN_PATH, 'You are logged out', { headers: { 'Set-Cookie': cookie } });
}

export const loader = () => redirect(ADMIN_LOGIN_PATH);
