import type { LoaderFunctionArgs } from '@remix-run/node';
import { chatEventsResponse } from '~/models/chat-book.server';
import { requireWorkspaceUser } from '~/utils/guards.server';

/**
 * The live stream of a project's Group Chat for the browser's EventSource (docs/decisions/116):
 * the api's server-sent events passed through with the session's token, Last-Event-ID included,
 * never buffered or compressed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  return chatEventsResponse(request, params.projectId ?? '');
}
