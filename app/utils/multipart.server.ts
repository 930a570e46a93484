import type { UploadHandler, UploadHandlerPart } from '@remix-run/node';

/**
 * A streaming multipart/form-data parser with the interface of Remix's
 * `unstable_parseMultipartFormData` (the same UploadHandler), for the web's upload forms
 * (docs/decisions/095). Remix's parser (@web3-storage/multipart-parser) searches for the boundary
 * in JavaScript, byte by byte: about 100 MB/s of one core, 3 of the 4 CPU seconds a 20 × 14 MB
 * form cost the web, during which the web answers nothing else. This one searches with
 * `Buffer.indexOf` (native), holds no more of the body than one chunk and a boundary's length,
 * reads the body only as fast as the handler takes a part's bytes, and drops whatever of a part
 * the handler left unread (Remix's would buffer it).
 *
 * Limits for hostile bodies: part headers up to 16 KB, at most `maxParts` parts, a boundary as
 * RFC 2046 allows; a body that breaks them or ends inside a part throws MultipartError.
 */

export class MultipartError extends Error {}

const MAX_HEADER_BYTES = 16 * 1024;
const EMPTY = Buffer.alloc(0);
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const DASH_DASH = Buffer.from('--');

/** The boundary of a multipart/form-data content type, or null (not multipart, or a boundary RFC 2046 refuses). */
export function multipartBoundary(contentType: string | null): string | null {
  const match = /^multipart\/form-data\s*;(.*)$/is.exec(contentType ?? '');
  if (!match) return null;
  const param = /(?:^|;)\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(match[1]!);
  const boundary = param?.[1] ?? param?.[2] ?? '';
  return /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary) ? boundary : null;
}

/** As browsers write them (the HTML standard): quotes and line breaks of names are percent-encoded. */
const decodeName = (value: string) => value.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"');

function parseDisposition(value: string): { name?: string; filename?: string } {
  if (!/^form-data\s*(;|$)/i.test(value)) throw new MultipartError('a part that is not form-data');
  const out: { name?: string; filename?: string } = {};
  // Browsers percent-encode the quotes of a name and nothing else: a backslash is a character.
  for (const [, key, quoted, token] of value.matchAll(/;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"([^"]*)"|([^;\s]*))/g)) {
    const text = decodeName(quoted ?? token ?? '');
    const name = key!.toLowerCase();
    if (name === 'name') out.name = text;
    else if (name === 'filename') out.filename = text;
  }
  return out;
}

function parseHeaders(block: string): Omit<UploadHandlerPart, 'data'> {
  let disposition: { name?: string; filename?: string } | null = null;
  let contentType = '';
  for (const line of block.split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError('a malformed part header');
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = parseDisposition(value);
    else if (key === 'content-type') contentType = value;
  }
  if (disposition?.name === undefined) throw new MultipartError('a part without a name');
  // Only the file's own name, as the multipart/form-data standard recommends (and Remix does).
  const filename = disposition.filename === undefined ? undefined : (disposition.filename.split(/[/\\]/).pop() ?? '');
  return { name: disposition.name, filename, contentType };
}

/** The body as a buffer that grows by the stream's chunks when asked. */
class Input {
  buffer: Buffer = EMPTY;
  private ended = false;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Adds the next chunk; false at the body's end. */
  async fill(): Promise<boolean> {
    if (this.ended) return false;
    const { value, done } = await this.reader.read();
    if (done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    return true;
  }

  /** Fills until `needle` is in the buffer (its index), or null at the body's end; past `max` bytes without it, throws. */
  async find(needle: Buffer, max = Infinity): Promise<number | null> {
    for (;;) {
      const at = this.buffer.indexOf(needle);
      if (at >= 0) return at;
      if (this.buffer.length > max) throw new MultipartError('part headers too long');
      if (!(await this.fill())) return null;
    }
  }

  /** Fills until the buffer holds `n` bytes; false if the body ends first. */
  async need(n: number): Promise<boolean> {
    while (this.buffer.length < n) if (!(await this.fill())) return false;
    return true;
  }
}

/** One part's bytes, up to the next delimiter, read as the handler asks for them. */
class PartData implements AsyncIterableIterator<Uint8Array> {
  finished = false;
  constructor(
    private readonly input: Input,
    private readonly delimiter: Buffer,
  ) {}

  [Symbol.asyncIterator]() {
    return this;
  }

  async next(): Promise<IteratorResult<Uint8Array>> {
    const { input, delimiter } = this;
    while (!this.finished) {
      const at = input.buffer.indexOf(delimiter);
      if (at >= 0) {
        const chunk = input.buffer.subarray(0, at);
        input.buffer = input.buffer.subarray(at + delimiter.length);
        this.finished = true;
        if (chunk.length) return { value: chunk, done: false };
        break;
      }
      // All but a tail that could be the start of the delimiter is the part's.
      const safe = input.buffer.length - (delimiter.length - 1);
      if (safe > 0) {
        const chunk = input.buffer.subarray(0, safe);
        input.buffer = input.buffer.subarray(safe);
        return { value: chunk, done: false };
      }
      if (!(await input.fill())) throw new MultipartError('the body ended inside a part');
    }
    return { value: undefined, done: true };
  }

  /** Reads and drops what the handler left of the part. */
  async drain() {
    while (!(await this.next()).done);
  }
}

/**
 * Parses `request`'s multipart body part by part, calling `handler` for each one (one at a
 * time, in order) and appending what it answers, as Remix's parser does.
 */
export async function parseMultipartFormData(request: Request, handler: UploadHandler, options: { maxParts?: number } = {}): Promise<FormData> {
  const boundary = multipartBoundary(request.headers.get('content-type'));
  if (!boundary || !request.body) throw new MultipartError('not a multipart/form-data body');
  const maxParts = options.maxParts ?? Infinity;
  // Every delimiter is CRLF "--" boundary; the first one may open the body without its CRLF.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = request.body.getReader();
  const input = new Input(reader);
  input.buffer = CRLF;
  const form = new FormData();
  try {
    // The preamble, up to the first delimiter, is ignored.
    await new PartData(input, delimiter).drain();
    for (let parts = 0; ; parts++) {
      if (!(await input.need(2))) throw new MultipartError('the body ended after a boundary');
      if (input.buffer.subarray(0, 2).equals(DASH_DASH)) break;
      // Transport padding (spaces, tabs) may follow a boundary; then the line break that opens the headers.
      let start = 0;
      while (start < input.buffer.length && (input.buffer[start] === 0x20 || input.buffer[start] === 0x09)) start++;
      input.buffer = input.buffer.subarray(start);
      if (!(await input.need(2)) || !input.buffer.subarray(0, 2).equals(CRLF)) throw new MultipartError('a malformed boundary line');
      const end = await input.find(HEADERS_END, MAX_HEADER_BYTES);
      if (end === null) throw new MultipartError('the body ended inside part headers');
      const head = parseHeaders(input.buffer.toString('utf8', 2, end));
      input.buffer = input.buffer.subarray(end + HEADERS_END.length);
      if (parts >= maxParts) throw new MultipartError(`more than ${maxParts} parts`);
      const data = new PartData(input, delimiter);
      const value = await handler({ ...head, data });
      await data.drain();
      if (value !== undefined && value !== null) form.append(head.name, value);
    }
    // The epilogue, after the closing boundary, is read and ignored.
    input.buffer = EMPTY;
    while (await input.fill()) input.buffer = EMPTY;
  } finally {
    reader.releaseLock();
  }
  return form;
}
