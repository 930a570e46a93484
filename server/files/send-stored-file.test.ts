import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../tests/helpers/s3-server';
import type { AppContext } from '../context';
import { createLocalStorage } from '../services/storage/local';
import { createS3Storage } from '../services/storage/s3';
import type { Storage } from '../services/storage/storage';
import { contentDisposition, isSafeInline, parseRange, sendStoredFile } from './send-stored-file';

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=50-5000', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    // Ignored (the whole file is sent): no header, another unit, a list of ranges, nonsense, end before start.
    [undefined, 100, null],
    ['items=0-9', 100, null],
    ['bytes=0-1,5-9', 100, null],
    ['bytes=-', 100, null],
    ['bytes=abc', 100, null],
    ['bytes=9-0', 100, null],
  ] as const)('%s of %i bytes → %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('isSafeInline and contentDisposition', () => {
  it('shows only what a browser cannot run', () => {
    for (const type of ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'video/mp4', 'audio/mpeg']) expect(isSafeInline(type), type).toBe(true);
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', 'text/xml', 'application/xhtml+xml', 'text/plain', 'application/octet-stream', 'application/javascript', ''])
      expect(isSafeInline(type), type).toBe(false);
  });

  it('writes an ASCII fallback and the UTF-8 name (RFC 5987), without quotes, folders or control characters', () => {
    expect(contentDisposition('attachment', 'Zertifikat Müller.pdf')).toBe(`attachment; filename="Zertifikat M_ller.pdf"; filename*=UTF-8''Zertifikat%20M%C3%BCller.pdf`);
    expect(contentDisposition('inline', '../../etc/"pass"\r\nwd')).toBe(`inline; filename="passwd"; filename*=UTF-8''passwd`);
    expect(contentDisposition('attachment', "it's (1).pdf")).toBe(`attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`);
    expect(contentDisposition('attachment', '')).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});

let s3: TestS3Server;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'send-file-'));
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const backends: Array<[string, () => Storage]> = [
  ['local disk', () => createLocalStorage({ publicDir: path.join(folder, 'uploads'), privateDir: path.join(folder, 'private') })],
  ['an S3 bucket', () => createS3Storage({ bucket: 'send-test', endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })],
];

/** Bytes whose every position is recognisable. */
const pattern = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => i % 251));

describe.each(backends)('sendStoredFile from %s', (_name, make) => {
  let app: FastifyInstance;
  const video = pattern(300_000);
  const files = {
    'f/clip.mp4': { data: video, type: 'video/mp4' },
    'f/page.html': { data: Buffer.from('<script>alert(document.cookie)</script>'), type: 'text/html' },
    'f/logo.svg': { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'image/svg+xml' },
    'f/plan.pdf': { data: Buffer.from('%PDF-1.4 plan'), type: 'application/pdf' },
    'f/data.bin': { data: Buffer.from('?'), type: 'application/x-unknown' },
  };

  beforeAll(async () => {
    const storage = make();
    await storage.prepare();
    for (const [key, f] of Object.entries(files)) await storage.put('private', key, f.data, { contentType: f.type });
    app = Fastify();
    app.decorate('ctx', { storage } as AppContext);
    app.get('/file/:name', async (request, reply) => {
      const { name } = request.params as { name: string };
      const { inline } = request.query as { inline?: string };
      const file = files[`f/${name}` as keyof typeof files];
      return sendStoredFile(reply, request, { key: `f/${name}`, fileName: name, contentType: file?.type ?? 'text/plain', disposition: inline ? 'inline' : 'attachment' });
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url, headers });

  it('answers a Range with 206 and exactly those bytes, a suffix range too, and advertises Accept-Ranges', async () => {
    const whole = await get('/file/clip.mp4?inline=1');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe(String(video.length));
    expect(whole.rawPayload.equals(video)).toBe(true);

    const part = await get('/file/clip.mp4?inline=1', { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);

    const tail = await get('/file/clip.mp4?inline=1', { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 100))).toBe(true);
  });

  it('answers 416 with the size for a range past the end; a list of ranges or an If-Range gets the whole file', async () => {
    const past = await get('/file/clip.mp4', { range: `bytes=${video.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(past.json()).toEqual({ message: 'The requested range is not satisfiable' });
    expect((await get('/file/clip.mp4', { range: 'bytes=0-1,5-9' })).statusCode).toBe(200);
    expect((await get('/file/clip.mp4', { range: 'bytes=0-9', 'if-range': '"some-etag"' })).statusCode).toBe(200);
  });

  it('answers HEAD with the size and no body', async () => {
    const head = await get('/file/clip.mp4', { range: 'bytes=0-99' }, 'HEAD');
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('100');
    expect(head.body).toBe('');
  });

  it('sends HTML, SVG and unknown types as attachments with nosniff and a sandbox, even when inline is asked', async () => {
    for (const name of ['page.html', 'logo.svg', 'data.bin']) {
      const res = await get(`/file/${name}?inline=1`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-disposition'], name).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['content-security-policy'], name).toMatch(/^sandbox;/);
      expect(res.headers['cache-control'], name).toBe('private, no-store');
    }
    // The recorded type is sent as it is: the attachment disposition is what keeps it harmless.
    expect((await get('/file/data.bin')).headers['content-type']).toBe('application/x-unknown');
  });

  it('shows a PDF, an image, a video inline when asked (a PDF without the sandbox its viewer cannot run in)', async () => {
    const pdf = await get('/file/plan.pdf?inline=1');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; /);
    expect(pdf.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    const clip = await get('/file/clip.mp4?inline=1');
    expect(clip.headers['content-disposition']).toMatch(/^inline; /);
    expect(clip.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect((await get('/file/plan.pdf')).headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('answers 404 in the api error shape for a missing file, with or without a range', async () => {
    for (const headers of [{}, { range: 'bytes=0-1' }] as Array<Record<string, string>>) {
      const res = await get('/file/gone.pdf', headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'File not found' });
    }
  });
});
