import crypto from 'node:crypto';
import { ApiError, apiHeaders, apiUrl, fetchApi, forwardedFor, readApiReply } from './api.server';
import { getSession, logoutRedirect } from './session.server';
import { fillPath, type CallInput, type MultipartBody, type Operation, type ReplyOf } from '../../server/contract/operation';
import { fileTooLargeMessage } from './uploads.server';

/**
 * Streams one file of a form being parsed (a part of parseMultipartFormData) on to a
 * multipart api endpoint, without holding it in memory: the no-JavaScript upload path of
 * DESIGN.md section 1. Stops at `maxBytes` (answering 413 with `tooLargeMessage`), so a huge
 * file never travels further than the web.
 */
/** One file part of a form being parsed, with the limit the web applies before the api sees it. */
export type StreamedFile = {
  filename: string;
  contentType: string;
  data: AsyncIterable<Uint8Array>;
  maxBytes: number;
  tooLargeMessage: string;
};

/**
 * One reader of a part's chunks for the body sent to the api and for the drain after it: calls
 * are chained, so the drain never reads beside a pull of the body still under way (the parser's
 * part iterator is not made for two readers), and nothing is read after the part's end.
 */
function partReader(data: AsyncIterable<Uint8Array>) {
  const iterator = data[Symbol.asyncIterator]();
  let finished = false;
  let last: Promise<unknown> = Promise.resolve();
  const next = (): Promise<IteratorResult<Uint8Array>> => {
    const result = last.then(async (): Promise<IteratorResult<Uint8Array>> => {
      if (finished) return { done: true, value: undefined };
      const step = await iterator.next();
      if (step.done) finished = true;
      return step;
    });
    last = result.catch(() => (finished = true));
    return result;
  };
  return {
    next,
    /** Reads and drops what the api did not take, so the form's remaining fields can still be parsed. */
    async drain() {
      while (!(await next()).done);
    },
  };
}

export async function streamFileToApi<T>(
  path: string,
  options: StreamedFile & { token: string; forwardedFor?: string; field: string },
): Promise<T> {
  const boundary = `----archivista-${crypto.randomBytes(12).toString('hex')}`;
  // As browsers do: quotes and line breaks of a file name are percent-encoded.
  const filename = options.filename.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(options.contentType) ? options.contentType : 'application/octet-stream';
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const reader = partReader(options.data);
  let size = 0;
  let tooLarge = false;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      const { value, done } = await reader.next();
      if (done) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      size += value.byteLength;
      if (size > options.maxBytes) {
        tooLarge = true;
        controller.error(new Error('file too large'));
        return;
      }
      controller.enqueue(value);
    },
  });

  const headers = apiHeaders({
    token: options.token,
    forwardedFor: options.forwardedFor,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  let response: Response;
  try {
    response = await fetchApi(apiUrl(path), { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  } catch (error) {
    await reader.drain();
    if (tooLarge) throw new ApiError(413, options.tooLargeMessage, [{ path: options.field, message: fileTooLargeMessage(options.filename, options.maxBytes) }]);
    throw error;
  }
  try {
    return await readApiReply<T>(response, 'Upload failed');
  } finally {
    // An api that answered before reading everything (401, say) leaves the rest of the part unread.
    await reader.drain();
  }
}

/** Whether a request carries a multipart form (an upload) rather than a plain one. */
export function isMultipart(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * Passes the browser's multipart body on to a multipart api endpoint as it arrives, untouched:
 * for a form of several files and a few fields (the project files' upload) that the api reads
 * itself. Nothing is parsed or held by the web (fetchApi sends a stream body with node:http,
 * decision 095); the web server's body limit for the route stops an oversized body. Sent with the
 * visitor's session token: a 401 ends the session. `body` replaces the request's own when part of
 * it was read first (readLeadingField).
 */
export async function forwardUploadToApi<T>(request: Request, path: string, body: ReadableStream<Uint8Array> | null = request.body): Promise<T> {
  if (!isMultipart(request) || !body) throw new ApiError(415, 'Send the files as multipart/form-data');
  const token = (await getSession(request)).get('token');
  const headers = apiHeaders({
    token,
    forwardedFor: forwardedFor(request),
    headers: { 'content-type': request.headers.get('content-type')! },
  });
  try {
    const response = await fetchApi(apiUrl(path), { method: 'POST', headers, body, duplex: 'half', signal: request.signal } as RequestInit);
    return await readApiReply<T>(response, 'Upload failed');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token) throw await logoutRedirect(request);
    throw error;
  }
}

/**
 * forwardUploadToApi of a declared multipart operation (docs/decisions/370): its path filled from
 * `params`, its answer typed by the declaration, so a renamed path or reply fails the type check.
 */
export function forwardUploadTo<const O extends Operation & { method: 'POST'; body: MultipartBody }>(
  request: Request,
  op: O,
  input: Pick<CallInput<O>, 'params'>,
  body?: ReadableStream<Uint8Array> | null,
): Promise<ReplyOf<O>> {
  return forwardUploadToApi<ReplyOf<O>>(request, fillPath(op.path, input.params as Record<string, string> | undefined), body ?? request.body);
}
