import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamTaskFile } from '~/models/tasks.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { fileOrReason } from '~/utils/form-action.server';

/**
 * A task file's bytes for the signed-in visitor (private: only through the api's access check,
 * docs/decisions/111), streamed with the session's token. A file the visitor may not see, or gone,
 * is a short text, never a page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  return fileOrReason(streamTaskFile(request, params.fileId ?? ''));
}
