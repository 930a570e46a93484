import { json, type Session } from '@remix-run/node';
import { env } from './env.server';
import { getSession, logoutRedirect } from './session.server';
import { isStreamedBody, requestText, streamFetch } from './stream-fetch.server';
import { STALE_CODE, type ErrorReply, type StaleFields } from '../../server/contract/http';
import { zoneOf } from '../../server/contract/dates';
import { VIEWER_VERSION_HEADER } from '../../server/contract/viewer';
import { adminLogoutRedirect } from './admin-session.server';
import { currentRequestId } from './request-id.server';
import { REQUEST_ID_HEADER } from '../../server/contract/request-id';
import { requireAdmin } from './guards.server';
import { fillPath, type CallInput, type Operation, type ReplyOf } from '../../server/contract/operation';

/** An api answer other than 2xx, with the api's message and field details. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly details: NonNullable<ErrorReply['details']> = [],
    /** The api's machine-readable kind of failure (ErrorReply.code), when it sends one. */
    public readonly code?: string,
    /** A stale version's 409 (docs/decisions/320): the record as it now is, who changed it and when. */
    public readonly stale?: StaleFields,
  ) {
    super(message);
  }

  /** The viewer's time zone, for the time a stale write names (set by `api` from the session). */
  timeZone?: string;
}

/** The stale fields of a 409 answer, when it is one (its code says so and it carries them). */
function staleOf(reply: Partial<ErrorReply> & Partial<StaleFields>): StaleFields | undefined {
  if (reply.code !== STALE_CODE || !reply.current || typeof reply.changedAt !== 'string') return undefined;
  return { current: reply.current, changedBy: reply.changedBy ?? null, changedAt: reply.changedAt };
}

export type ApiInit = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined | null>;
};

/** The client address as the web received it, passed on so the api's per-IP limits see the visitor. */
export function forwardedFor(request: Request): string | undefined {
  return request.headers.get('x-forwarded-for') ?? undefined;
}

export function apiUrl(path: string, query?: ApiInit['query']): string {
  const url = new URL(`/api${path}`, env.API_URL);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** The browser's User-Agent, passed on so the api can name the device of a new session in Setting (decision 332). */
export function visitorAgent(request: Request): string | undefined {
  return request.headers.get('user-agent')?.slice(0, 512) || undefined;
}

/** The headers of a call to the api: JSON answers, the bearer token (if any), the visitor's address and browser, and the request id. */
export function apiHeaders(options: { token?: string | null; forwardedFor?: string; userAgent?: string; headers?: Record<string, string> }): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  const id = currentRequestId();
  if (id) headers[REQUEST_ID_HEADER] = id;
  return headers;
}

export const API_UNAVAILABLE_MESSAGE = 'The service is unavailable. Please try again in a moment.';

/** How long a JSON call may wait for the api's answer: far above any call's time, so only a hung api reaches it. */
export const API_ANSWER_TIMEOUT_MS = 30_000;

/**
 * `fetch` to the api. When the api cannot be reached (down, restarting) the request ends with the
 * 503 page (a thrown Response, rendered by the error boundary), not a 500.
 * A form or stream body (uploads) goes through streamFetch: Node's fetch would keep all of it in
 * memory until the answer (docs/decisions/095).
 */
export async function fetchApi(url: string, init: RequestInit): Promise<Response> {
  const id = currentRequestId();
  if (id) {
    const headers = new Headers(init.headers);
    headers.set(REQUEST_ID_HEADER, id);
    init = { ...init, headers };
  }
  try {
    const { body } = init;
    return await whileRefused(body, () => (isStreamedBody(body) ? streamFetch(url, { method: init.method, headers: init.headers, body, signal: init.signal }) : fetch(url, init)));
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw apiUnavailable();
  }
}

/**
 * `call` made again every 250 ms while the api refuses the connection, for API_REFUSED_RETRY_MS:
 * a refused connection sent nothing, and an api replica that stopped listening (a rolling upgrade,
 * docs/decisions/380) is still in its name's answers until it exits. A stream body is not sent again.
 */
async function whileRefused<T>(body: unknown, call: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!refused(error) || !replayable(body) || Date.now() - started >= env.API_REFUSED_RETRY_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, REFUSED_RETRY_EVERY_MS));
    }
  }
}

const REFUSED_RETRY_EVERY_MS = 250;
const refused = (error: unknown) => {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return code === 'ECONNREFUSED' || cause?.code === 'ECONNREFUSED';
};
/** A body that can be sent again: not a stream (a form is encoded afresh for each try). */
const replayable = (body: unknown) => !(body instanceof ReadableStream) && !(typeof body === 'object' && body !== null && Symbol.asyncIterator in body);

const apiUnavailable = (message = API_UNAVAILABLE_MESSAGE, retryAfter = '5') => json({ message }, { status: 503, headers: { 'Retry-After': retryAfter } });

/** The api's kind (ErrorReply.code) of a call it shed for load (server/load-shedding.ts). */
const API_BUSY_CODE = 'busy';

/** The JSON body of an api answer; an ApiError with the api's message and details for non-2xx. */
export async function readApiReply<T>(response: Response, failure = 'Request failed'): Promise<T> {
  return parseApiReply<T>(response, await response.text(), failure);
}

function parseApiReply<T>(response: { ok: boolean; status: number }, text: string, failure = 'Request failed'): T {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ErrorReply> & Partial<StaleFields>;
    // A call the api shed for load ends the page as an unreachable api does: 503 with Retry-After
    // (docs/decisions/350), not an error that renders as 500.
    if (response.status === 503 && error.code === API_BUSY_CODE) throw apiUnavailable(error.message, '2');
    throw new ApiError(response.status, error.message ?? `${failure} (${response.status})`, error.details ?? [], error.code, staleOf(error));
  }
  return data as T;
}

type ApiFetchInit = ApiInit & {
  token?: string | null;
  forwardedFor?: string;
  userAgent?: string;
  onHeaders?: (header: (name: string) => string | null) => void;
  /** Aborts the call (its connection closed) when the visitor's request is aborted: `request.signal`. */
  signal?: AbortSignal;
  /** How long to wait for the answer (API_ANSWER_TIMEOUT_MS). */
  timeoutMs?: number;
};

/**
 * One call to the api with an explicit token (or none). Throws ApiError for non-2xx answers, and
 * the signal's reason when `signal` aborts (docs/decisions/350).
 */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const headers = apiHeaders(init);
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const url = apiUrl(path, init.query);
  const method = init.method ?? 'GET';
  const { signal } = init;
  if (body !== undefined && typeof body !== 'string') {
    const response = await fetchApi(url, { method, headers, body, signal });
    init.onHeaders?.((name) => response.headers.get(name));
    return readApiReply<T>(response);
  }
  // An api that is alive but does not answer (hung, restarting) ends the page as an unreachable
  // one does, with the 503 page, instead of holding the visitor (docs/decisions/304).
  const timeout = AbortSignal.timeout(init.timeoutMs ?? API_ANSWER_TIMEOUT_MS);
  const answer = await whileRefused(body, () => requestText(url, { method, headers, body, signal: signal ? AbortSignal.any([signal, timeout]) : timeout })).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    throw apiUnavailable();
  });
  init.onHeaders?.(answer.header);
  return parseApiReply<T>(answer, answer.text);
}

/**
 * What the session layer does with the viewer version every answer names (app/utils/viewer.server.ts
 * registers it at start): the transport only reports the header, so it imports no session or model
 * code (no import cycle api.server → viewer.server → models → api.server).
 */
export type ViewerVersionHook = (request: Request, session: Session, version: string | null) => Promise<void>;
let onViewerVersion: ViewerVersionHook = async () => {};

export function setViewerVersionHook(hook: ViewerVersionHook): void {
  onViewerVersion = hook;
}

export type ApiCallInit = ApiInit & {
  /** Where a 401 for the visitor's token sends them (default `/`). */
  onUnauthorized?: string;
  /**
   * The super-admin's call (docs/decisions/042): the admin session's token instead of the visitor's.
   * A 401 (expired or revoked token) or a 403 (no longer the super-admin) ends only the admin session
   * and goes to /admin/login; no viewer check.
   */
  admin?: boolean;
};

/**
 * A call on behalf of the visitor of `request`, with the token of their session (or, with `admin`,
 * of their admin session). A 401 for a sent token ends the session: the thrown redirect goes to `/`
 * (or `onUnauthorized`). An answer whose viewer version differs from the session's snapshot
 * refreshes it (the hook of viewer.server.ts). The call is cancelled when the visitor goes away
 * (`request.signal`, aborted by @remix-run/express when the connection closes; docs/decisions/350),
 * so every app/models call stops the api's work for a visitor who left.
 */
export async function api<T>(request: Request, path: string, init: ApiCallInit = {}): Promise<T> {
  const { onUnauthorized, admin, ...call } = init;
  if (admin) return adminCall<T>(request, path, call);
  const session = await getSession(request);
  const token = session.get('token');
  let version: string | null = null;
  try {
    const reply = await apiFetch<T>(path, {
      ...call,
      token,
      forwardedFor: forwardedFor(request),
      userAgent: visitorAgent(request),
      signal: request.signal,
      onHeaders: (header) => (version = header(VIEWER_VERSION_HEADER)),
    });
    await onViewerVersion(request, session, version);
    return reply;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token) throw await logoutRedirect(request, onUnauthorized);
    if (error instanceof ApiError && error.stale) error.timeZone = zoneOf(session.get('user'));
    await onViewerVersion(request, session, version);
    throw error;
  }
}

/**
 * A call of a declared operation (server/contract/, docs/decisions/370) on behalf of the visitor, as
 * `api` makes it: the method and path come from the declaration, the parameters, query and body are
 * typed by it, and so is the answer. A renamed path, a missing parameter or a changed reply fails
 * the type check here instead of in a journey.
 */
export async function call<const O extends Operation>(request: Request, op: O, input: CallInput<O> & Pick<ApiCallInit, 'onUnauthorized' | 'admin' | 'headers'>): Promise<ReplyOf<O>> {
  const { params, query, json, body, ...rest } = input as { params?: Record<string, string>; query?: ApiInit['query']; json?: unknown; body?: BodyInit } & ApiCallInit;
  return api<ReplyOf<O>>(request, fillPath(op.path, params), { ...rest, method: op.method, query, json, body });
}

/**
 * `apiFetch` of a declared operation: a call on no one's behalf (a public link whose token is the
 * key), typed by the declaration as `call` is; `init` gives the visitor's address and the like.
 */
export async function fetchOperation<const O extends Operation>(op: O, input: CallInput<O>, init: Omit<ApiFetchInit, Exclude<keyof ApiInit, 'headers'>> = {}): Promise<ReplyOf<O>> {
  const { params, query, json, body } = input as { params?: Record<string, string>; query?: ApiInit['query']; json?: unknown; body?: BodyInit };
  return apiFetch<ReplyOf<O>>(fillPath(op.path, params), { ...init, method: op.method, query, json, body });
}

async function adminCall<T>(request: Request, path: string, init: ApiInit): Promise<T> {
  const { token } = await requireAdmin(request);
  try {
    return await apiFetch<T>(path, { ...init, token, forwardedFor: forwardedFor(request), signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw await adminLogoutRedirect(request);
    throw error;
  }
}

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
export async function streamApiFile(request: Request, path: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  // An empty token is none: a call made on no one's behalf (a client portal's file).
  const token = options.token === '' ? null : (options.token ?? (await getSession(request)).get('token') ?? null);
  const passed: Record<string, string> = { ...options.headers };
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
