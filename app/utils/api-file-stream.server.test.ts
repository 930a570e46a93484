import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * streamApiFile against a small stand-in for the api: what the browser sends (Range) reaches the
 * api, what the api answers about the file (206, Content-Range, Content-Disposition, nosniff)
 * reaches the browser, and a refusal becomes the api's ApiError.
 */
const BYTES = Buffer.from('0123456789abcdef');
let server: http.Server;
let seen: http.IncomingHttpHeaders = {};
let streamApiFile: typeof import('./api.server').streamApiFile;
let ApiError: typeof import('./api.server').ApiError;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen = req.headers;
    if (req.url === '/api/files/missing') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'File not found' }));
      return;
    }
    const common = {
      'content-type': 'text/html',
      'content-disposition': 'attachment; filename="page.html"',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'set-cookie': 'api=secret',
    };
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (range) {
      const [start, end] = [Number(range[1]), Number(range[2])];
      res.writeHead(206, { ...common, 'content-range': `bytes ${start}-${end}/${BYTES.length}`, 'content-length': end - start + 1 });
      res.end(BYTES.subarray(start, end + 1));
      return;
    }
    res.writeHead(200, { ...common, 'content-length': BYTES.length }).end(BYTES);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  // Test files share their modules (vitest.config.ts): read them afresh, under this environment.
  vi.resetModules();
  ({ streamApiFile } = await import('./api.server'));
  ({ ApiError } = await import('./api.server'));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterAll(() => vi.unstubAllEnvs());

const browser = (headers: Record<string, string> = {}) => new Request('http://web.test/workspace/file', { headers: { 'x-forwarded-for': '203.0.113.9', ...headers } });

describe('streamApiFile', () => {
  it('passes the file through with its type, name and nosniff, with the given token and not the api’s cookies', async () => {
    const res = await streamApiFile(browser(), '/files/page', { token: 'tok' });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="page.html"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(seen.authorization).toBe('Bearer tok');
    expect(seen['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('forwards a Range request and answers 206 with its Content-Range', async () => {
    const res = await streamApiFile(browser({ range: 'bytes=2-5' }), '/files/video', { token: 'tok' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 2-5/16');
    expect(await res.text()).toBe('2345');
    expect(seen.range).toBe('bytes=2-5');
  });

  it('throws the api’s refusal as an ApiError', async () => {
    await expect(streamApiFile(browser(), '/files/missing', { token: 'tok' })).rejects.toEqual(expect.objectContaining({ status: 404, message: 'File not found' }));
    await expect(streamApiFile(browser(), '/files/missing', { token: 'tok' })).rejects.toBeInstanceOf(ApiError);
  });
});
