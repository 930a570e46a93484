import fc from 'fast-check';
import type { UploadHandler } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { MultipartError, multipartBoundary, parseMultipartFormData } from './multipart.server';
import { encodeFormData } from './stream-fetch.server';

/**
 * The web's multipart parser (docs/decisions/095) reads back what browsers, undici and the web's
 * own encoder write, whatever the chunks the body arrives in; refuses malformed bodies with
 * MultipartError; and never reads further than the handler has taken.
 */

const encoder = new TextEncoder();

/** A request whose body arrives in the given chunk sizes (cycled). */
function requestOf(body: Uint8Array, contentType: string, sizes: number[] = [64 * 1024]) {
  let offset = 0;
  let turn = 0;
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls += 1;
      if (offset >= body.length) return controller.close();
      const size = Math.max(1, sizes[turn++ % sizes.length]!);
      controller.enqueue(body.slice(offset, offset + size));
      offset += size;
    },
  }, { highWaterMark: 0 });
  const request = new Request('http://web.test/', { method: 'POST', headers: { 'content-type': contentType }, body: stream, duplex: 'half' } as RequestInit);
  return { request, pulls: () => pulls, sent: () => offset };
}

/** Every part as text or as a file's name, type and bytes (in memory: the test's bodies are small). */
const collect: UploadHandler = async ({ filename, contentType, data }) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of data) chunks.push(new Uint8Array(chunk));
  const bytes = Buffer.concat(chunks);
  return typeof filename === 'string' ? new File([bytes], filename, { type: contentType }) : bytes.toString('utf8');
};

async function entries(form: FormData) {
  const out: Array<[string, string | { name: string; type: string; bytes: number[] }]> = [];
  for (const [name, value] of form) {
    out.push([name, typeof value === 'string' ? value : { name: value.name, type: value.type, bytes: [...new Uint8Array(await value.arrayBuffer())] }]);
  }
  return out;
}

/** undici's encoding of a FormData (what Node's fetch sends), as bytes. */
async function undiciBody(form: FormData) {
  const request = new Request('http://web.test/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** stream-fetch's encoding of a FormData (what the web sends the api), as bytes. */
async function ourBody(form: FormData) {
  const encoded = encodeFormData(form);
  const chunks: Uint8Array[] = [];
  for await (const chunk of encoded.chunks()) chunks.push(chunk);
  return { body: new Uint8Array(Buffer.concat(chunks)), contentType: encoded.contentType };
}

const RAW = (boundary: string, ...lines: string[]) => ({ body: encoder.encode(lines.join('\r\n')), contentType: `multipart/form-data; boundary=${boundary}` });

describe('parseMultipartFormData', () => {
  it('reads back what undici and stream-fetch write, in any chunking', async () => {
    // Names and values with line breaks, quotes, ';' and non-ASCII; files whose bytes hold CR, LF,
    // dashes and most of a boundary.
    const text = fc.string({ unit: 'grapheme', maxLength: 30 });
    const fileName = fc.string({ minLength: 1, maxLength: 16 }).filter((s) => !/[/\\%]/.test(s));
    const part = fc.oneof(
      fc.record({ name: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('%')), value: text }),
      fc.record({
        name: fc.constantFrom('files', 'photo', 'x y'),
        filename: fileName,
        bytes: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.concat([b, Buffer.from('\r\n--\r\n----formdata-undici-0----archivista-'), b])),
      }),
    );
    const lines = (s: string) => s.replace(/\r?\n|\r/g, '\r\n');
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 6 }), fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 5 }), fc.boolean(), async (parts, sizes, ours) => {
        const form = new FormData();
        for (const p of parts) {
          if ('value' in p) form.append(p.name, p.value);
          else form.append(p.name, new File([p.bytes], p.filename, { type: 'image/png' }));
        }
        const { body, contentType } = ours ? await ourBody(form) : await undiciBody(form);
        const parsed = await entries(await parseMultipartFormData(requestOf(body, contentType, sizes).request, collect));
        // Form submission turns every line break of a name or a text value into CRLF.
        expect(parsed).toEqual(
          parts.map((p) => ('value' in p ? [lines(p.name), lines(p.value)] : [p.name, { name: p.filename, type: 'image/png', bytes: [...p.bytes] }])),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the file’s own name, skips preamble, epilogue and transport padding, and reads quoted and bare parameters', async () => {
    const { body, contentType } = RAW(
      'b',
      'preamble to ignore',
      '--b  ',
      'Content-Disposition: form-data; name=bare',
      '',
      'one',
      '--b',
      'content-disposition: form-data; name="q%22uoted;"; filename="C:\\Users\\me\\plan %22A%22.png"',
      'Content-Type: image/png',
      '',
      'png-bytes',
      '--b--',
      'epilogue to ignore',
    );
    const form = await parseMultipartFormData(requestOf(body, contentType, [5]).request, collect);
    expect(await entries(form)).toEqual([
      ['bare', 'one'],
      ['q"uoted;', { name: 'plan "A".png', type: 'image/png', bytes: [...Buffer.from('png-bytes')] }],
    ]);
  });

  it('refuses bodies that break the format or its limits with MultipartError', async () => {
    const cases: Array<[string, { body: Uint8Array; contentType: string }, { maxParts?: number }?]> = [
      ['ends inside a part', RAW('b', '--b', 'Content-Disposition: form-data; name="a"', '', 'no end')],
      ['ends after a boundary', RAW('b', '--b')],
      ['a part without a name', RAW('b', '--b', 'Content-Disposition: form-data', '', 'x', '--b--')],
      ['not form-data', RAW('b', '--b', 'Content-Disposition: attachment; name="a"', '', 'x', '--b--')],
      ['a header line without a colon', RAW('b', '--b', 'Content-Disposition form-data; name="a"', '', 'x', '--b--')],
      ['garbage after a boundary', RAW('b', '--bX', 'Content-Disposition: form-data; name="a"', '', 'x', '--b--')],
      ['headers over 16 KB', RAW('b', '--b', `Content-Disposition: form-data; name="${'a'.repeat(20_000)}"`, '', 'x', '--b--')],
      ['more parts than allowed', RAW('b', '--b', 'Content-Disposition: form-data; name="a"', '', '1', '--b', 'Content-Disposition: form-data; name="a"', '', '2', '--b--'), { maxParts: 1 }],
      ['no boundary', { body: encoder.encode('x'), contentType: 'multipart/form-data' }],
      ['a boundary longer than 70', { body: encoder.encode('x'), contentType: `multipart/form-data; boundary=${'b'.repeat(71)}` }],
    ];
    for (const [what, { body, contentType }, options] of cases) {
      await expect(parseMultipartFormData(requestOf(body, contentType, [7]).request, collect, options), what).rejects.toBeInstanceOf(MultipartError);
    }
  });

  it('reads the body only as fast as the handler takes a part, and drops what the handler leaves', async () => {
    const big = new Uint8Array(4 * 1024 * 1024).fill(0x61);
    const head = encoder.encode('--b\r\nContent-Disposition: form-data; name="files"; filename="big.bin"\r\n\r\n');
    const tail = encoder.encode('\r\n--b\r\nContent-Disposition: form-data; name="after"\r\n\r\nkept\r\n--b--\r\n');
    const source = requestOf(Buffer.concat([head, big, tail]), 'multipart/form-data; boundary=b', [64 * 1024]);
    let pullsWhileWaiting = 0;
    const form = await parseMultipartFormData(source.request, async ({ filename, data }) => {
      if (typeof filename !== 'string') return collect({ name: '', contentType: '', data });
      // The handler takes one chunk, then waits: the parser must not read ahead meanwhile.
      await data[Symbol.asyncIterator]().next();
      const before = source.pulls();
      await new Promise((r) => setTimeout(r, 50));
      pullsWhileWaiting = source.pulls() - before;
      expect(source.sent()).toBeLessThan(4 * 64 * 1024);
      return 'left unread';
    });
    expect(pullsWhileWaiting).toBe(0);
    expect(form.get('files')).toBe('left unread');
    expect(form.get('after')).toBe('kept');
  });

  it('reads the boundary of a content type, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----WebKitFormBoundaryx7')).toBe('----WebKitFormBoundaryx7');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('multipart/form-data; boundary=')).toBeNull();
    expect(multipartBoundary('multipart/form-data; boundary="ends with space "')).toBeNull();
    expect(multipartBoundary('application/x-www-form-urlencoded')).toBeNull();
  });
});
