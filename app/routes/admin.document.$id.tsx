import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirectWithError } from '~/utils/toast.server';
import { apiHeaders, apiUrl, forwardedFor } from '~/utils/api.server';
import { ADMIN_HOME_PATH, adminLogoutRedirect, requireAdminToken } from '~/utils/admin-session.server';

const PASSED_HEADERS = ['content-type', 'content-length', 'content-disposition', 'x-content-type-options', 'cache-control'];

/**
 * A firm's registration document for the super-admin, streamed from the api's GET /admin/user/{id}
 * with the admin token (the browser never holds it). Failures go back to the dashboard with the
 * spec's download messages.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireAdminToken(request);
  const id = params.id ?? '';
  if (!/^[0-9a-f]{24}$/.test(id)) return redirectWithError(ADMIN_HOME_PATH, 'Invalid document URL');
  let upstream: Response;
  try {
    upstream = await fetch(apiUrl(`/admin/user/${id}`), { headers: apiHeaders({ token, forwardedFor: forwardedFor(request) }), signal: request.signal });
  } catch {
    return redirectWithError(ADMIN_HOME_PATH, 'Failed to download document');
  }
  if (upstream.status === 401 || upstream.status === 403) throw await adminLogoutRedirect(request);
  if (upstream.status === 404) return redirectWithError(ADMIN_HOME_PATH, 'Invalid document URL');
  if (!upstream.ok || !upstream.body) return redirectWithError(ADMIN_HOME_PATH, 'Failed to download document');
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
