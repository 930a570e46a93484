import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { env } from '~/utils/env.server';
import { sessionStorage, toSessionUser, type SessionUser } from '~/utils/session.server';
import { getToast } from '~/utils/toast.server';
import type { ToastData } from '~/components/toast';

/**
 * A stand-in api for the web's loaders and actions: a `node:http` server on a free port that
 * `env.API_URL` points at while the file's tests run. Each test says what it answers: a default
 * answer for every request, and answers of its own for one method and path (a 5xx, a 2xx without
 * the data the web expects). It keeps the requests it got, so a test can also say which calls the
 * web made. Answers and requests are reset before each test.
 *
 *     const api = useStandInApi();
 *     api.on('POST', '/api/projects/images', { status: 500, body: { message: 'Internal Server Error' } });
 */

/** What the stand-in answers: a status and a JSON body (`body` left out: an empty body). */
export type StandInAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A request the stand-in got, its body as text (a multipart upload too). */
export type StandInRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: string };

type Route = { method: string; path: string | RegExp; answer: StandInAnswer };

const DEFAULT_ANSWER: StandInAnswer = { status: 200, body: {} };

export function useStandInApi() {
  let fallback: StandInAnswer = DEFAULT_ANSWER;
  let routes: Route[] = [];
  const requests: StandInRequest[] = [];
  let savedApiUrl: string | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('latin1') });
      // The last route set for a request wins: a test can override an answer set in its describe's beforeEach.
      const route = routes.findLast((r) => r.method === method && (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)));
      const { status, body, headers } = route?.answer ?? fallback;
      const text = body === undefined ? '' : JSON.stringify(body);
      res.writeHead(status, { ...(text ? { 'content-type': 'application/json' } : {}), ...headers });
      res.end(text);
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    savedApiUrl = env.API_URL;
    env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    fallback = DEFAULT_ANSWER;
    routes = [];
    requests.length = 0;
  });
  afterAll(async () => {
    if (savedApiUrl !== undefined) env.API_URL = savedApiUrl;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  return {
    /** The answer to every request no route of `on` names (at first: 200 `{}`). */
    answer(answer: StandInAnswer) {
      fallback = answer;
    },
    /** The answer to `method` on `path` (the api's own path, `/api/…`; a RegExp for a family of paths). */
    on(method: Route['method'], path: Route['path'], answer: StandInAnswer) {
      routes.push({ method, path, answer });
    },
    /** The requests of the test so far, in order. */
    requests,
    /** The requests of the test to `method` on `path`. */
    calls(method: string, path: string | RegExp) {
      return requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
    },
  };
}

/** A server failure as our api answers one. */
export const serverError = (status = 500): StandInAnswer => ({ status, body: { message: status === 503 ? 'Service Unavailable' : 'Internal Server Error' } });

/** A refusal with the api's message (and field details). */
export const refusal = (status: number, message: string, details: Array<{ path: string; message: string }> = []): StandInAnswer => ({
  status,
  body: { message, ...(details.length ? { details } : {}) },
});

/** The `Cookie` header of a signed-in web session: the snapshot the web keeps (toSessionUser), signed with the web's secret. */
export async function sessionCookie(user: Partial<SessionUser> = {}, token = 'stand-in-token'): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set('token', token);
  session.set(
    'user',
    toSessionUser({
      id: '64b000000000000000000001',
      userName: 'Asha',
      role: 'architect',
      email: 'asha@example.test',
      firmName: 'Mehta Studio',
      profileImage: null,
      isVerify: 2,
      HasPassword: true,
      ...user,
    } as Parameters<typeof toSessionUser>[0]),
  );
  session.set('remember', false);
  return (await sessionStorage.commitSession(session)).split(';')[0]!;
}

/** A request of a signed-in visitor: a GET, or a POST of `body` (form fields or a FormData, sent as multipart). */
export function webRequest(url: string, cookie: string, body?: Record<string, string | string[]> | FormData): Request {
  const headers = { cookie };
  if (body === undefined) return new Request(new URL(url, 'http://web.test'), { headers });
  let sent: URLSearchParams | FormData;
  if (body instanceof FormData) sent = body;
  else {
    sent = new URLSearchParams();
    for (const [name, value] of Object.entries(body)) for (const v of Array.isArray(value) ? value : [value]) sent.append(name, v);
  }
  return new Request(new URL(url, 'http://web.test'), { method: 'POST', headers, body: sent });
}

/** The Response a loader or action answered or threw (a redirect, an error page's response). */
export async function settled(answer: Promise<Response> | Response): Promise<Response> {
  try {
    return await answer;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The toast a redirect carries in its `__toast` cookie (what the next page shows), or undefined. */
export async function redirectToast(response: Response): Promise<ToastData | undefined> {
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const { toast } = await getToast(new Request('http://web.test/', { headers: { cookie: cookies.join('; ') } }));
  return toast;
}

/** The arguments of a route's loader or action: the request, the route's params and the web server's load context. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: { cspNonce: '', clientAddress: '127.0.0.1' } };
}

/** A small PNG picture as a form's File, made here (nothing is downloaded). */
export async function testPng(name = 'site.png', width = 32, height = 24): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}
