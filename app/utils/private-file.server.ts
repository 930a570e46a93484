import { ApiError, apiHeaders, apiUrl, fetchApi, forwardedFor, readApiReply } from './api.server';
import { getSession, logoutRedirect } from './session.server';

/** What the browser gets of the api's file answer: type, size, ranges, name, caching and the no-sniffing and sandbox rules. */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'content-disposition',
  'content-security-policy',
  'x-content-type-options',
  'cache-control',
];
/** What the browser's request passes on: ranges. */
const FORWARDED_REQUEST_HEADERS = ['range', 'if-range'];

/**
 * Streams a private file from the api to the browser with the visitor's session token (DESIGN.md
 * section 3: private files are served only through authorized endpoints; the browser never holds
 * the token). The body is piped, never buffered. A 401 ends the web session as any api call does;
 * any other refusal is thrown as the api's ApiError (404, 403…).
 */
export async function streamPrivateFile(request: Request, path: string): Promise<Response> {
  const token = (await getSession(request)).get('token') ?? null;
  const passed: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) passed[name] = value;
  }
  const headers = apiHeaders({ token, forwardedFor: forwardedFor(request), headers: passed });
  // A file answer is not JSON; its errors still are.
  headers.accept = '*/*';
  const upstream = await fetchApi(apiUrl(path), { headers, signal: request.signal });
  if (!upstream.ok || !upstream.body) {
    try {
      await readApiReply(upstream, 'Failed to load the file');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && token) throw await logoutRedirect(request);
      throw error;
    }
    throw new ApiError(502, 'Failed to load the file');
  }
  const answer = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) answer.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers: answer });
}
