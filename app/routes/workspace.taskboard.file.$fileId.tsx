import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamTaskFile } from '~/models/tasks.server';
import { ApiError } from '~/utils/api.server';
import { requireWorkspaceUser } from '~/utils/guards.server';

/**
 * A task file's bytes for the signed-in visitor (private: only through the api's access check,
 * docs/decisions/111), streamed with the session's token. A file the visitor may not see, or gone,
 * is a short text, never a page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  try {
    return await streamTaskFile(request, params.fileId ?? '');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
    });
  }
}
