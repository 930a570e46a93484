import crypto from 'node:crypto';
import { ApiError, apiHeaders, apiUrl, fetchApi, readApiReply } from './api.server';

/**
 * Streams one file of a form being parsed (a part of `unstable_parseMultipartFormData`) on to a
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
  const iterator = options.data[Symbol.asyncIterator]();
  let size = 0;
  let tooLarge = false;
  let finished = false;
  /** Reads and drops what the api did not take, so the form's remaining fields can still be parsed. */
  const drain = async () => {
    while (!finished) finished = (await iterator.next()).done === true;
  };

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) {
        finished = true;
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
    await drain();
    if (tooLarge) throw new ApiError(413, options.tooLargeMessage, [{ path: options.field, message: options.tooLargeMessage }]);
    throw error;
  }
  try {
    return await readApiReply<T>(response, 'Upload failed');
  } finally {
    // An api that answered before reading everything (401, say) leaves the rest of the part unread.
    await drain();
  }
}
