import http from 'node:http';
import zlib from 'node:zlib';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { afterResponse } from '../app/utils/after-response.server';
import { afterAnswers, CHUNK, startWeb, web, setUpWebServer } from './test-servers';

setUpWebServer();

describe('work left for after the answer', () => {
  it('runs when the response has gone, for each request on its own', async () => {
    afterAnswers.length = 0;
    // Only writes (an upload form's action) leave work for later: reads run without a scope (below).
    const write = () => fetch(`${web}/after-response`, { method: 'POST', headers: { origin: new URL(web).origin } });
    const [one, two] = await Promise.all([write(), write()]);
    expect(await one.json()).toEqual({ registered: true });
    expect(await two.json()).toEqual({ registered: true });
    await vi.waitFor(() => expect(afterAnswers).toEqual([
      { path: '/after-response', answered: true },
      { path: '/after-response', answered: true },
    ]), { timeout: 30_000 });
    // Outside a request, and in a read, there is no scope: the caller keeps its own clean-up.
    expect(afterResponse(() => undefined)).toBe(false);
    expect(await (await fetch(`${web}/after-response`)).json()).toEqual({ registered: false });
  });
});

describe('assets and the api forwarding', () => {
  it('serves the browser build immutable and a missing asset as 404 without Remix', async () => {
    const asset = await fetch(`${web}/build/app-123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${web}/build/gone.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found');
  });

  it('sends a small chunk of the build gzipped (under compression\'s threshold), immutable, and as it is to a browser without gzip', async () => {
    expect(CHUNK.length).toBeLessThan(1024);
    const zipped = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
      http.get(`${web}/build/chunk-456.js`, { headers: { 'accept-encoding': 'gzip, deflate' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve(Object.assign(res, { body: Buffer.concat(parts) })));
      }).on('error', reject);
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/javascript/);
    expect(zipped.headers['cache-control']).toContain('immutable');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zipped.body.length).toBeLessThan(CHUNK.length);
    expect(zlib.gunzipSync(zipped.body).toString()).toBe(CHUNK);

    const plain = await new Promise<http.IncomingMessage & { body: string }>((resolve, reject) => {
      http.get(`${web}/build/chunk-456.js`, { headers: { 'accept-encoding': 'identity' } }, (res) => {
        let body = '';
        res.on('data', (part: Buffer) => (body += part));
        res.on('end', () => resolve(Object.assign(res, { body })));
      }).on('error', reject);
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);

    // A file gzip would only make bigger goes as it is; a path out of the build is not read.
    const tiny = await fetch(`${web}/build/app-123.js`);
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('console.log(1)');
    expect((await fetch(`${web}/build/..%2Ffavicon.svg`)).status).toBe(404);
  });

  it('answers 503 with a message while the api is down', async () => {
    const down = await startWeb({ API_URL: 'http://127.0.0.1:1' });
    const apiAnswer = await fetch(`${down}/api/projects/explore`);
    expect(apiAnswer.status).toBe(503);
    expect((await apiAnswer.json()).message).toMatch(/unavailable/);
    const image = await fetch(`${down}/uploads/a.webp`);
    expect(image.status).toBe(503);
  });
});

describe('the request log', () => {
  /** The web at LOG_LEVEL `level` in `nodeEnv`, and the log lines it wrote. */
  async function logged(nodeEnv: string, level: string) {
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    return { url: await startWeb({ NODE_ENV: nodeEnv }, log), lines };
  }

  it('writes one line per page at info in production, with status and duration, and none per asset', async () => {
    const { url, lines } = await logged('production', 'info');
    await (await fetch(`${url}/explore?x=1`)).text();
    await (await fetch(`${url}/build/app-123.js`)).text();
    await (await fetch(`${url}/favicon.svg`)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', url: '/explore?x=1', status: 200, ms: expect.any(Number) });
  });

  it('logs requests at debug otherwise: nothing at the default level, a line when LOG_LEVEL=debug', async () => {
    const quiet = await logged('development', 'info');
    await (await fetch(`${quiet.url}/explore`)).text();
    const verbose = await logged('development', 'debug');
    await (await fetch(`${verbose.url}/explore`)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(quiet.lines).toHaveLength(0);
    expect(verbose.lines).toEqual([expect.objectContaining({ level: 20, url: '/explore', status: 200 })]);
  });

  it('prints no secret of a url: share-link tokens, ?token= and ?code= values (docs/decisions/245)', async () => {
    const { url, lines } = await logged('production', 'debug');
    const token = 'Zq4_kL9mN2pR7sT1vW3xY5zA8bC0dE6fG-hJ';
    await (await fetch(`${url}/share/${token}`)).text();
    await (await fetch(`${url}/share/${token}?_data=routes%2Fshare.%24token`)).text();
    await (await fetch(`${url}/reset-password?token=r3set-Secret&code=731904`)).text();
    await vi.waitFor(() => expect(lines).toHaveLength(3), { timeout: 30_000 });
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of [token, 'r3set-Secret', '731904']) expect(text).not.toContain(secret);
    expect(lines.map((line) => line.url)).toEqual(['/share/[redacted]', '/share/[redacted]?_data=routes%2Fshare.%24token', '/reset-password?token=[redacted]&code=[redacted]']);
  });
});

describe('a visitor who goes away (closing a chat tab)', () => {
  /** Opens `path` as a stream, reads its first bytes, then lets the stream run for `ms` or closes it after them. */
  async function openStream(url: string, path: string, closeAfterFirst: boolean) {
    const controller = new AbortController();
    const answer = await fetch(`${url}${path}`, { signal: controller.signal });
    const reader = answer.body!.getReader();
    // A stream that breaks may break before its first chunk is read here, on a busy machine.
    const first = reader.read();
    if (!closeAfterFirst) return void (await first.then(() => reader.read()).catch(() => undefined));
    await first;
    controller.abort();
  }

  async function logged() {
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    return { url: await startWeb({ NODE_ENV: 'production' }, log), lines };
  }

  it('is logged at debug without a stack, not as an error', async () => {
    const { url, lines } = await logged();
    await openStream(url, '/events', true);
    // The server logs once it sees the close: wait for that line, however busy the machine.
    await vi.waitFor(() => expect(lines.filter((line) => line.msg !== 'request')).not.toHaveLength(0), { timeout: 30_000 });
    const gone = lines.filter((line) => line.msg !== 'request');
    expect(gone).toEqual([expect.objectContaining({ level: 20, msg: 'visitor went away', url: '/events' })]);
    expect(JSON.stringify(gone)).not.toContain('stack');
  });

  it('while a stream that breaks on our side is still an error with its stack', async () => {
    const { url, lines } = await logged();
    await openStream(url, '/events-break', false);
    await vi.waitFor(() => expect(lines.filter((line) => line.msg === 'request failed')).not.toHaveLength(0), { timeout: 30_000 });
    const failed = lines.filter((line) => line.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 50, err: { stack: expect.any(String) } });
  });
});
