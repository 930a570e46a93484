import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { keepAliveAgent } from './keep-alive-agent.server';

/**
 * `fetch` for request bodies that must not be held in memory: a FormData with files (read from
 * disk as they are sent) and streams (a file part passed on as it arrives, a browser's body
 * forwarded whole). docs/decisions/095.
 *
 * Why not `fetch`: Node's fetch (undici 6, Node 20.20) clones a request with a body so that it could
 * follow a redirect, which tees the body's stream; the branch it keeps is never read, so every
 * byte sent stays in memory until the response is dropped (nodejs/undici#4058). A 14 MB image
 * costs the web 14 MB, twenty of them 280 MB. Here node:http sends the body with the socket's
 * backpressure and each chunk is garbage once written. Redirects are not followed (the api
 * never redirects a write).
 */

export type StreamedBody = FormData | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export type StreamFetchInit = {
  method?: string;
  headers?: HeadersInit;
  body: StreamedBody;
  signal?: AbortSignal | null;
};

/** Whether `fetchApi` must send this body with streamFetch: a form (it may hold files) or a stream. */
export function isStreamedBody(body: unknown): body is StreamedBody {
  if (body instanceof FormData || body instanceof ReadableStream) return true;
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body && !(body instanceof Uint8Array);
}

/** A part's Content-Type as sent: a plain `type/subtype`, or octet-stream for anything else. */
const SAFE_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** As browsers and undici do: quotes and line breaks of a field or file name are percent-encoded. */
const escapeName = (name: string) => name.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
/** Text values travel with CRLF line breaks (the multipart/form-data encoding of the HTML standard). */
const normalizeLines = (value: string) => value.replace(/\r?\n|\r/g, '\r\n');

/**
 * A FormData as a multipart body: its length (files by their size, so the api gets a
 * Content-Length, as from a browser) and its bytes, each file streamed from its Blob (a disk-backed
 * file from parseUploadForm is read from disk as the socket takes it).
 */
export function encodeFormData(form: FormData): { contentType: string; length: number; chunks: () => AsyncGenerator<Uint8Array> } {
  const boundary = `----archivista-${crypto.randomBytes(12).toString('hex')}`;
  const encoder = new TextEncoder();
  const pieces: Array<Uint8Array | Blob> = [];
  for (const [name, value] of form) {
    const disposition = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(normalizeLines(name))}"`;
    if (typeof value === 'string') {
      pieces.push(encoder.encode(`${disposition}\r\n\r\n${normalizeLines(value)}\r\n`));
    } else {
      const type = SAFE_TYPE.test(value.type) ? value.type : 'application/octet-stream';
      pieces.push(encoder.encode(`${disposition}; filename="${escapeName(value.name)}"\r\nContent-Type: ${type}\r\n\r\n`), value, encoder.encode('\r\n'));
    }
  }
  pieces.push(encoder.encode(`--${boundary}--\r\n`));
  const length = pieces.reduce((total, piece) => total + (piece instanceof Uint8Array ? piece.byteLength : piece.size), 0);
  async function* chunks() {
    for (const piece of pieces) {
      if (piece instanceof Uint8Array) yield piece;
      else yield* piece.stream() as unknown as AsyncIterable<Uint8Array>;
    }
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, chunks };
}

/** The web's connections to the api, kept alive between calls (docs/decisions/137); shared by both clients here. */
const agents = { 'http:': keepAliveAgent('http:'), 'https:': keepAliveAgent('https:') };

/** An answer read whole: what the api client needs of it. */
export type TextAnswer = { status: number; ok: boolean; header: (name: string) => string | null; text: string };

/**
 * A call whose body (if any) is a string and whose answer is read whole: the api client's JSON
 * calls, on every page. node:http costs a fraction of `fetch` (which builds a WHATWG Request,
 * Response, AbortSignal and body stream for each call): docs/decisions/179.
 * Rejects when the server cannot be reached or the connection breaks, and with the signal's reason
 * when `signal` aborts (the visitor went away, docs/decisions/350): the call's connection is
 * destroyed then, so the api sees its request closed.
 */
export function requestText(url: string, init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal | null }): Promise<TextAnswer> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const headers: http.OutgoingHttpHeaders = { ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  const { signal } = init;
  const abortReason = () => signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
  if (signal?.aborted) return Promise.reject(abortReason());
  return new Promise<TextAnswer>((resolve, reject) => {
    const done = () => signal?.removeEventListener('abort', onAbort);
    const fail = (error: unknown) => {
      done();
      reject(error);
    };
    const request = transport.request(target, { method: init.method ?? 'GET', headers, agent: agents[target.protocol as 'http:' | 'https:'] }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', fail);
      answer.on('end', () => {
        done();
        const status = answer.statusCode ?? 502;
        const header = (name: string) => {
          const value = answer.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        };
        resolve({ status, ok: status >= 200 && status < 300, header, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    // A destroyed socket leaves the agent's pool: the api sees the connection close.
    function onAbort() {
      request.destroy();
      fail(abortReason());
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', fail);
    request.end(init.body);
  });
}

/** A web Response of node:http's answer (its body streamed, never read here). */
function toResponse(answer: http.IncomingMessage): Response {
  const headers = new Headers();
  for (let i = 0; i < answer.rawHeaders.length; i += 2) headers.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
  const status = answer.statusCode ?? 502;
  const nullBody = status === 204 || status === 205 || status === 304;
  if (nullBody) answer.resume();
  const body = nullBody ? null : (Readable.toWeb(answer) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: answer.statusMessage, headers });
}

/**
 * Sends `init.body` to `url` and resolves with the answer as soon as its head arrives (its body is
 * the caller's to read), like fetch. Rejects when the server cannot be reached, when the body's
 * source fails before an answer (e.g. a file over its limit: the request is cut, the server never
 * sees a complete body) or when `signal` aborts. A server that answers before the body's end
 * (a refusal after the first bytes) is answered with; the rest is sent while it still reads.
 */
export function streamFetch(url: string, init: StreamFetchInit): Promise<Response> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const headers: http.OutgoingHttpHeaders = Object.fromEntries(new Headers(init.headers ?? {}));
  let source: Readable;
  if (init.body instanceof FormData) {
    const encoded = encodeFormData(init.body);
    headers['content-type'] = encoded.contentType;
    headers['content-length'] = String(encoded.length);
    source = Readable.from(encoded.chunks(), { objectMode: false });
  } else {
    // A stream of unknown length goes out chunked.
    delete headers['content-length'];
    source = init.body instanceof ReadableStream ? Readable.fromWeb(init.body as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from(init.body, { objectMode: false });
  }
  const { signal } = init;

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const request = transport.request(target, { method: init.method ?? 'POST', headers, agent: agents[target.protocol as 'http:' | 'https:'] });
    function onAbort() {
      const reason = signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
      request.destroy(reason);
      source.destroy();
      settle(() => reject(reason));
    }
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });

    request.on('response', (answer) => settle(() => resolve(toResponse(answer))));
    // Before an answer, any failure (the server unreachable, the source failing) is the caller's;
    // after one, the server simply stopped reading a body it did not need.
    pipeline(source, request).catch((error: unknown) => settle(() => reject(error)));
    request.on('error', (error) => settle(() => reject(error)));
  });
}
