import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamFile } from '~/models/workspace-files.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { fileOrReason } from '~/utils/form-action.server';

/**
 * A project file's bytes for the signed-in visitor (DESIGN.md section 3: private files only
 * through authorized endpoints): streamed from the api with the session's token, with the
 * browser's Range request passed on (video seeking answers 206) and the api's Content-Type,
 * Content-Disposition and nosniff passed back. `?inline=1` asks to show it (the preview panel);
 * the api sends anything a browser could run as an attachment whatever is asked.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const inline = new URL(request.url).searchParams.get('inline') === '1';
  return fileOrReason(streamFile(request, params.fileId ?? '', inline ? 'inline' : 'attachment'));
}
