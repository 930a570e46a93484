import { describe, expect, it } from 'vitest';
import { readLeadingField } from './leading-field.server';

/** A multipart request as a browser sends it, its body arriving in chunks of `chunkBytes`. */
async function multipart(form: FormData, chunkBytes = 1 << 16) {
  const built = new Request('http://web.test/chat', { method: 'POST', body: form });
  const bytes = new Uint8Array(await built.arrayBuffer());
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += chunkBytes)));
    },
  });
  const request = new Request('http://web.test/chat', { method: 'POST', body, headers: { 'content-type': built.headers.get('content-type')! }, duplex: 'half' } as RequestInit);
  return { request, bytes };
}

const readAll = async (body: ReadableStream<Uint8Array> | null) => Buffer.from(await new Response(body).arrayBuffer());
/** Compared as one buffer: an element-by-element toEqual of 200 KB takes seconds. */
const same = (a: Buffer, b: Uint8Array) => a.equals(Buffer.from(b));

function chatForm(text: string) {
  const form = new FormData();
  form.append('body', text);
  form.append('files', new File([new Uint8Array(200_000).fill(7)], 'plan.pdf', { type: 'application/pdf' }));
  return form;
}

describe('readLeadingField', () => {
  it('reads the first field and hands the whole body on, byte for byte', async () => {
    const text = 'Façade drawings — नमस्ते 🏛️\r\nsecond line';
    const { request, bytes } = await multipart(chatForm(text));
    const { text: read, body } = await readLeadingField(request, 'body', 20_000);
    expect(read).toBe(text);
    expect(same(await readAll(body), bytes)).toBe(true);
  });

  it('finds the field when it arrives over many small chunks', async () => {
    const { request, bytes } = await multipart(chatForm('Across chunks ✓'), 7);
    const { text, body } = await readLeadingField(request, 'body', 20_000);
    expect(text).toBe('Across chunks ✓');
    expect(same(await readAll(body), bytes)).toBe(true);
  });

  it('gives null, and the whole body, when the first part is another field or a file', async () => {
    const form = new FormData();
    form.append('files', new File(['x'], 'body.txt', { type: 'text/plain' }));
    form.append('body', 'after the file');
    const { request, bytes } = await multipart(form);
    const { text, body } = await readLeadingField(request, 'body', 20_000);
    expect(text).toBeNull();
    expect(same(await readAll(body), bytes)).toBe(true);
  });

  it('stops looking after maxBytes: a text longer than that is not read, and nothing is lost', async () => {
    const { request, bytes } = await multipart(chatForm('y'.repeat(5_000)), 1_000);
    const { text, body } = await readLeadingField(request, 'body', 2_000);
    expect(text).toBeNull();
    expect(same(await readAll(body), bytes)).toBe(true);
  });

  it('gives null for a body that is not multipart, and passes it on', async () => {
    const request = new Request('http://web.test/chat', { method: 'POST', body: 'body=hello', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const { text, body } = await readLeadingField(request, 'body', 2_000);
    expect(text).toBeNull();
    expect((await readAll(body)).toString()).toBe('body=hello');
  });
});
