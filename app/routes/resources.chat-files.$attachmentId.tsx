import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamChatFile } from '~/models/chat-book.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { fileOrReason } from '~/utils/form-action.server';

/** A Group Chat file for a member of its project, streamed from the api with the session's token (docs/decisions/117). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  return fileOrReason(streamChatFile(request, params.attachmentId ?? ''));
}
