import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamChatFile } from '~/models/chat-book.server';
import { ApiError } from '~/utils/api.server';
import { requireWorkspaceUser } from '~/utils/guards.server';

/** A Group Chat file for a member of its project, streamed from the api with the session's token (docs/decisions/117). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  try {
    return await streamChatFile(request, params.attachmentId ?? '');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
    });
  }
}
