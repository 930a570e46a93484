import { json } from '@remix-run/node';
import { env } from './env.server';
import { getSession, logoutRedirect } from './session.server';
import { isStreamedBody, requestText, streamFetch } from './stream-fetch.server';
import type { ErrorReply } from '../../server/contract/http';
import { VIEWER_VERSION_HEADER } from '../../server/contract/viewer';
import { refreshStaleViewer } from './viewer.server';
import { currentRequestId } from './request-id.server';
import { REQUEST_ID_HEADER } from '../../server/contract/request-id';

/** An api answer other than 2xx, with the api's message and field details. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly details: NonNullable<ErrorReply['details']> = [],
    /** The api's machine-readable kind of failure (ErrorReply.code), when it sends one. */
    public readonly code?: string,
  ) {
    super(message);
  }
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

/** The headers of a call to the api: JSON answers, the bearer token (if any), the visitor's address and the request id. */
export function apiHeaders(options: { token?: string | null; forwardedFor?: string; headers?: Record<string, string> }): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  const id = currentRequestId();
  if (id) headers[REQUEST_ID_HEADER] = id;
  return headers;
}

export const API_UNAVAILABLE_MESSAGE = 'The service is unavailable. Please try again in a moment.';

/**
 * `fetch` to the api. When the api cannot be reached (down, restarting) the request ends with the
 * 503 page (a thrown Response, rendered by the error boundary; issue 9 item 5), not a 500.
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
    if (isStreamedBody(body)) return await streamFetch(url, { method: init.method, headers: init.headers, body, signal: init.signal });
    return await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw apiUnavailable();
  }
}

const apiUnavailable = () => json({ message: API_UNAVAILABLE_MESSAGE }, { status: 503, headers: { 'Retry-After': '5' } });

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
    const error = (data ?? {}) as Partial<ErrorReply>;
    throw new ApiError(response.status, error.message ?? `${failure} (${response.status})`, error.details ?? [], error.code);
  }
  return data as T;
}

type ApiFetchInit = ApiInit & { token?: string | null; forwardedFor?: string; onHeaders?: (header: (name: string) => string | null) => void };

/** One call to the api with an explicit token (or none). Throws ApiError for non-2xx answers. */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const headers = apiHeaders(init);
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const url = apiUrl(path, init.query);
  const method = init.method ?? 'GET';
  if (body !== undefined && typeof body !== 'string') {
    const response = await fetchApi(url, { method, headers, body });
    init.onHeaders?.((name) => response.headers.get(name));
    return readApiReply<T>(response);
  }
  const answer = await requestText(url, { method, headers, body }).catch(() => {
    throw apiUnavailable();
  });
  init.onHeaders?.(answer.header);
  return parseApiReply<T>(answer, answer.text);
}

/**
 * A call on behalf of the visitor of `request`, with the token of their session.
 * A 401 for a sent token ends the session: the thrown redirect goes to `/` (or `onUnauthorized`).
 * An answer whose viewer version differs from the session's snapshot refreshes it (viewer.server.ts).
 */
export async function api<T>(request: Request, path: string, init: ApiInit & { onUnauthorized?: string } = {}): Promise<T> {
  const session = await getSession(request);
  const token = session.get('token');
  let version: string | null = null;
  try {
    const reply = await apiFetch<T>(path, { ...init, token, forwardedFor: forwardedFor(request), onHeaders: (header) => (version = header(VIEWER_VERSION_HEADER)) });
    await refreshStaleViewer(request, session, version);
    return reply;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token) throw await logoutRedirect(request, init.onUnauthorized);
    await refreshStaleViewer(request, session, version);
    throw error;
  }
}
