import { env } from './env.server';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length'];

/**
 * Streams a request on to the api and its answer back (DESIGN.md section 1, one origin):
 * without a reverse proxy, `/api/*` and `/uploads/*` reach the api through the web.
 */
export async function forwardToApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const target = new URL(url.pathname + url.search, env.API_URL);
  const headers = new Headers(request.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  // The web's session cookie is not the api's business.
  headers.delete('cookie');
  headers.set('x-forwarded-host', url.host);
  headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: 'manual',
      signal: request.signal,
      // Required by Node's fetch to stream a request body.
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
  } catch {
    return Response.json({ message: 'The api is unavailable. Please try again in a moment.' }, { status: 503 });
  }
  const responseHeaders = new Headers(upstream.headers);
  // fetch has already decoded the body.
  for (const name of [...HOP_BY_HOP, 'content-encoding']) responseHeaders.delete(name);
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: responseHeaders });
}
