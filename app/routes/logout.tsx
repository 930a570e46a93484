import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { revokeToken } from '~/models/users.server';
import { destroyUserSession, getSession } from '~/utils/session.server';
import { redirectWithSuccess } from '~/utils/toast.server';

export async function loader() {
  return redirect('/');
}

/** Logout is a POST: it revokes the api token, then ends the web session. */
export async function action({ request }: ActionFunctionArgs) {
  const token = (await getSession(request)).get('token');
  if (token) await revokeToken(token);
  return redirectWithSuccess('/', 'You have been logged out', { headers: { 'Set-Cookie': await destroyUserSession(request) } });
}
