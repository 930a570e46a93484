import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirectWithError } from '~/utils/toast.server';
import { streamRegistrationDocument } from '~/models/admin.server';
import { attempt } from '~/utils/form-action.server';
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
  const sent = await attempt(streamRegistrationDocument(request, token, id));
  if (sent.ok) return sent.reply;
  if (sent.error.status === 401 || sent.error.status === 403) throw await adminLogoutRedirect(request);
  return redirectWithError(ADMIN_HOME_PATH, sent.error.status === 404 ? 'Invalid document URL' : 'Failed to download document');
}
