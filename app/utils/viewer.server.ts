import { redirect, type Session } from '@remix-run/node';
import { fetchMe } from '~/models/users.server';
import { viewerVersion } from '../../server/contract/viewer';
import { forwardedFor } from './api.server';
import { DATA_REQUEST_HEADER } from './data-request.server';
import { toSessionUser, updateSessionUser, type SessionUser } from './session.server';

/**
 * docs/decisions/131: The api names the version of the signed-in account's
 * snapshot on every answer; when it differs from the session's copy (a firm registered or approved
 * on another device, a role or a name changed), a page load fetches the account once and is sent
 * to the same address with the fresh snapshot in its cookie, so the header, the banners and the
 * guards never show an old role. Only loaders (GET) do this: an action that changes the account
 * writes the snapshot itself, and the loaders after it check again. app/entry.server.tsx registers
 * it with the api client (`setViewerVersionHook`), which reports every answer's version to it.
 */
export async function refreshStaleViewer(request: Request, session: Session, version: string | null): Promise<void> {
  if (!version || (request.method !== 'GET' && request.method !== 'HEAD') || request.headers.has(DATA_REQUEST_HEADER)) return;
  const user = session.get('user') as SessionUser | undefined;
  const token = session.get('token') as string | undefined;
  if (!user || !token || viewerVersion(user) === version) return;
  let fresh: SessionUser;
  try {
    fresh = toSessionUser((await fetchMe(token, forwardedFor(request))).data);
  } catch {
    // The page's own answer decides (a 401 there ends the session); the next page tries again.
    return;
  }
  // Changed again in between: no redirect that could repeat; the next answer says it again.
  if (viewerVersion(fresh) !== version) return;
  throw redirect(request.url, { headers: { 'Set-Cookie': await updateSessionUser(request, fresh) } });
}
