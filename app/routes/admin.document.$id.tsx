import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirectWithError } from '~/utils/toast.server';
import { streamRegistrationDocument } from '~/models/admin.server';
import { ApiError } from '~/utils/api.server';
import { ADMIN_HOME_PATH, adminLogoutRedirect } from '~/utils/admin-session.server';
import { isId } from '../../server/contract/http-rules';
import { requireAdmin } from '~/utils/guards.server';

/**
 * A firm's registration document for the super-admin, streamed from the api's GET /admin/user/{id}
 * with the admin token (the browser never holds it). Failures go back to the dashboard with the
 * spec's download messages.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  const id = params.id ?? '';
  if (!isId(id)) return redirectWithError(ADMIN_HOME_PATH, 'Invalid document URL');
  try {
    return await streamRegistrationDocument(request, token, id);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401 || error.status === 403) throw await adminLogoutRedirect(request);
    return redirectWithError(ADMIN_HOME_PATH, error.status === 404 ? 'Invalid document URL' : 'Failed to download document');
  }
}
