import { ApiError, apiHeaders, apiUrl, fetchApi, forwardedFor, readApiReply } from './api.server';
import { getSession, logoutRedirect } from './session.server';

/** What the browser gets of the api's file answer: type, size, ranges, name and the no-sniffing rule. */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'content-disposition',
  'x-content-type-options',
  // The file's own policy (a sandbox; an inline PDF's frame-ancestors): the web adds none to these answers.
  'content-security-policy',
  'cache-control',
  'etag',
  'last-modified',
];
/** What the browser's request passes on: ranges (video seeking, resumed downloads) and revalidation. */
const FORWARDED_REQUEST_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'];

/**
 * Streams a private file from the api to the browser (DESIGN.md section 3: private files are only
 * served through authorized endpoints; the browser never holds the api token). The body is piped,
 * never buffered; Range requests come back as 206 with their Content-Range. The token is the
 * visitor's session token unless `token` is given (the admin area): then a 401 ends the web
 * session as any api call does. Any other refusal throws the api's ApiError (404, 403…).
 */
export async function streamApiFile(request: Request, path: string, options: { token?: string } = {}): Promise<Response> {
  const token = options.token ?? (await getSession(request)).get('token') ?? null;
  const passed: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) passed[name] = value;
  }
  const headers = apiHeaders({ token, forwardedFor: forwardedFor(request), headers: passed });
  // A file answer is not JSON; errors still are.
  headers.accept = '*/*';
  const upstream = await fetchApi(apiUrl(path), { headers, signal: request.signal });
  if (upstream.status === 304) return new Response(null, { status: 304, headers: pick(upstream.headers) });
  if (!upstream.ok || !upstream.body) {
    try {
      await readApiReply(upstream, 'Failed to download document');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && token && !options.token) throw await logoutRedirect(request);
      throw error;
    }
    throw new ApiError(502, 'Failed to download document');
  }
  return new Response(upstream.body, { status: upstream.status, headers: pick(upstream.headers) });
}

function pick(source: Headers): Headers {
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
