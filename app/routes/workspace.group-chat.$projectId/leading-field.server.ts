/**
 * The text of a multipart form's first field, read from the front of the body without taking the
 * body away: the chat's message text, which its form puts before the file input. The web passes
 * that form on to the api as a stream (forwardUploadToApi), so without this it never knows the
 * text, and a send the api refuses (six files, a file too large) would come back empty without
 * JavaScript. Reads at most `maxBytes` (plus one chunk); the body returned replays what was read,
 * then the rest as it arrives.
 */
export async function readLeadingField(
  request: Request,
  name: string,
  maxBytes: number,
): Promise<{ text: string | null; body: ReadableStream<Uint8Array> | null }> {
  if (!request.body) return { text: null, body: null };
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers.get('content-type') ?? '');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let text: string | null = null;
  if (boundary) {
    const delimiter = `--${boundary[1] ?? boundary[2]}`;
    while (size < maxBytes) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      const found = firstPart(Buffer.concat(chunks).toString('latin1'), delimiter, name);
      if (found !== undefined) {
        text = found;
        break;
      }
    }
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { text, body };
}

/**
 * The value of the first part when it is the text field `name`; null when the first part is
 * something else; undefined while the part has not ended in `head` (read more). `head` is the
 * body's start as latin1, one character per byte, so the value's bytes are decoded as UTF-8.
 */
function firstPart(head: string, delimiter: string, name: string): string | null | undefined {
  const start = head.indexOf(`${delimiter}\r\n`);
  if (start < 0) return head.length > delimiter.length + 2 ? null : undefined;
  const headersStart = start + delimiter.length + 2;
  const headersEnd = head.indexOf('\r\n\r\n', headersStart);
  if (headersEnd < 0) return undefined;
  const headers = head.slice(headersStart, headersEnd);
  const disposition = /content-disposition:\s*form-data;\s*name="([^"]*)"(.*)/i.exec(headers);
  if (!disposition || disposition[1] !== name || /filename=/i.test(disposition[2]!)) return null;
  const valueStart = headersEnd + 4;
  const valueEnd = head.indexOf(`\r\n${delimiter}`, valueStart);
  if (valueEnd < 0) return undefined;
  return Buffer.from(head.slice(valueStart, valueEnd), 'latin1').toString('utf8');
}
