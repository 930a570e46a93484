import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamPortalFile } from '~/models/portal.server';
import { fileOrReason } from '~/utils/form-action.server';

/**
 * A project file the firm shared with the client (docs/decisions/422), streamed from the api as an
 * attachment: only a file shared through this portal, and only while it is open.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return fileOrReason(streamPortalFile(request, params.token ?? '', params.fileId ?? ''));
}
