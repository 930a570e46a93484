import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RequestHandler } from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeReadableStreamToWritable } from '@remix-run/node';
import { afterResponse } from '../app/utils/after-response.server';
import { DATA_REQUEST_HEADER } from '../app/utils/data-request.server';
import { createWebApp } from './app';
import { loadWebServerConfig } from './config';

/**
 * The web server in front of a stand-in Remix handler and a stand-in api, over real sockets:
 * what reaches Remix and the api, and what is refused before a body is read.
 */

type Seen = { path: string; headers: http.IncomingHttpHeaders; bytes: number };

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

let apiSeen: Seen[] = [];
const api = http.createServer((req, res) => {
  // A stream that never ends (the chat's events), or one that breaks on the api's side.
  if (req.url === '/events' || req.url === '/events-break') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('retry: 3000\n\n');
    if (req.url === '/events-break') setTimeout(() => res.destroy(), 50);
    return;
  }
  let bytes = 0;
  req.on('data', (chunk: Buffer) => (bytes += chunk.length));
  req.on('end', () => {
    apiSeen.push({ path: req.url ?? '', headers: req.headers, bytes });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true }));
  });
  req.on('error', () => undefined);
});

/** Tasks the stand-in Remix left for after its answers, with whether each answer had gone when they ran. */
const afterAnswers: Array<{ path: string; answered: boolean }> = [];

/** Stands in for Remix: reads the whole body and answers what it saw. */
const remix: RequestHandler = (req, res, next) => {
  // As @remix-run/express passes on a streamed answer: aborted when the visitor goes, its failure to next().
  if (req.path === '/events' || req.path === '/events-break') {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    return void fetch(`http://127.0.0.1:${apiPort}${req.path}`, { signal: controller.signal })
      .then(async (upstream) => {
        res.status(200).set('content-type', 'text/event-stream');
        res.flushHeaders();
        await writeReadableStreamToWritable(upstream.body!, res);
      })
      .catch(next);
  }
  // As an upload action does with its temporary files (app/utils/uploads.server.ts), after an await.
  if (req.path === '/after-response') {
    return void Promise.resolve().then(() => {
      const registered = afterResponse(() => afterAnswers.push({ path: req.path, answered: res.writableFinished }));
      res.json({ registered });
    });
  }
  // Answers before the body arrived: shows that a body of that size was let through.
  if (req.headers['x-answer-now']) return void res.set('Connection', 'close').json({ accepted: true });
  let bytes = 0;
  req.on('data', (chunk: Buffer) => (bytes += chunk.length));
  req.on('end', () => res.json({ forwardedFor: req.headers['x-forwarded-for'], bytes, nonce: res.locals.cspNonce, dataRequest: req.headers[DATA_REQUEST_HEADER] ?? null }));
};

const assets = fs.mkdtempSync(path.join(os.tmpdir(), 'web-assets-'));
fs.mkdirSync(path.join(assets, 'public', 'build'), { recursive: true });
fs.writeFileSync(path.join(assets, 'public', 'build', 'app-123.js'), 'console.log(1)');
// Small, as most chunks of a page's first load are: under compression's 1 KB threshold.
const CHUNK = `export const words = [${Array.from({ length: 60 }, (_, i) => `"word ${i}"`).join(',')}];`;
fs.writeFileSync(path.join(assets, 'public', 'build', 'chunk-456.js'), CHUNK);
fs.writeFileSync(path.join(assets, 'public', 'favicon.svg'), '<svg/>');

const servers: http.Server[] = [];
let apiPort = 0;

async function startWeb(env: Record<string, string> = {}, log = pino({ level: 'silent' })): Promise<string> {
  const config = loadWebServerConfig({ NODE_ENV: 'production', API_URL: `http://127.0.0.1:${apiPort}`, ...env });
  const app = createWebApp({
    config,
    remix,
    assets: { publicPath: '/build/', directory: path.join(assets, 'public', 'build') },
    publicDirectory: path.join(assets, 'public'),
    log,
  });
  const server = http.createServer(app);
  servers.push(server);
  return `http://127.0.0.1:${await listen(server)}`;
}

let web = '';
beforeAll(async () => {
  apiPort = await listen(api);
  web = await startWeb();
});
afterAll(() => {
  for (const server of [...servers, api]) server.close();
  fs.rmSync(assets, { recursive: true, force: true });
});

/** A raw request that announces `length` bytes but sends only `send` of them, then waits for the answer. */
function announce(url: string, options: { method?: string; headers: Record<string, string>; send: number }): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'POST', headers: options.headers });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write(Buffer.alloc(options.send, 'a'));
  });
}

describe('the visitor address', () => {
  it('replaces a forged X-Forwarded-For before Remix and before the api', async () => {
    const page = await fetch(`${web}/explore`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect((await page.json()).forwardedFor).toBe('127.0.0.1');
    apiSeen = [];
    await fetch(`${web}/api/users/me`, { headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7', forwarded: 'for=6.6.6.6' } });
    expect(apiSeen[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(apiSeen[0]!.headers.forwarded).toBeUndefined();
  });

  it('believes X-Forwarded-For only from a proxy named by TRUST_PROXY', async () => {
    const behindProxy = await startWeb({ TRUST_PROXY: 'loopback' });
    const page = await fetch(`${behindProxy}/explore`, { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } });
    // The proxy appended the address it saw; what the visitor wrote before it is not believed.
    expect((await page.json()).forwardedFor).toBe('203.0.113.9');
    const otherProxy = await startWeb({ TRUST_PROXY: '10.0.0.0/8' });
    const direct = await fetch(`${otherProxy}/explore`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect((await direct.json()).forwardedFor).toBe('127.0.0.1');
  });

  it('refuses TRUST_PROXY=true and a malformed proxy address at start', () => {
    expect(() => loadWebServerConfig({ TRUST_PROXY: 'true' })).toThrow(/name the proxy/);
    expect(() => createWebApp({
      config: loadWebServerConfig({ TRUST_PROXY: 'not-an-address' }),
      remix,
      assets: { publicPath: '/build/', directory: assets },
      log: pino({ level: 'silent' }),
    })).toThrow();
  });
});

describe('readiness and the request id', () => {
  it('answers /healthz/ready while the api answers its health, and 503 while it does not', async () => {
    expect((await fetch(`${web}/healthz/ready`)).status).toBe(200);
    const orphan = await startWeb({ API_URL: 'http://127.0.0.1:1' });
    const down = await fetch(`${orphan}/healthz/ready`);
    expect(down.status).toBe(503);
    expect(await down.text()).toContain('not ready');
  });

  it('passes the proxy’s request id on to the api and back to the client, and replaces an odd one', async () => {
    apiSeen = [];
    const answer = await fetch(`${web}/api/anything`, { headers: { 'x-request-id': 'caddy-1234' } });
    expect(answer.headers.get('x-request-id')).toBe('caddy-1234');
    expect(apiSeen[0]!.headers['x-request-id']).toBe('caddy-1234');
    const odd = await fetch(`${web}/api/anything`, { headers: { 'x-request-id': 'a b' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('Remix data requests', () => {
  it('are marked for the loaders (which never see `_data`), and a visitor cannot send the mark on a page load', async () => {
    const data = await fetch(`${web}/explore?page=2&index&_data=routes%2Fexplore._index`);
    expect((await data.json()).dataRequest).toBe('1');
    const page = await fetch(`${web}/explore?page=2`, { headers: { [DATA_REQUEST_HEADER]: '1' } });
    expect((await page.json()).dataRequest).toBeNull();
  });
});

describe('body limits', () => {
  it('answers a 200 MB form post with 413 at once, without reading it', async () => {
    const before = process.memoryUsage().rss;
    const answer = await announce(`${web}/?index`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(200 * 1024 * 1024) },
      send: 64 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('larger than the 1 MB');
    expect(answer.ms).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('answers a JSON fetch of a page with a JSON message', async () => {
    const answer = await announce(`${web}/?index&_data=routes%2F_index`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(5 * 1024 * 1024) },
      send: 1024,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toMatch(/larger than/);
  });

  it('lets a multipart upload of its size through on the routes that take files, and only there', async () => {
    const big = String(250 * 1024 * 1024);
    const upload = await announce(`${web}/portfolio/add-project`, {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': big, 'x-answer-now': '1' },
      send: 1024,
    });
    expect(upload.status).toBe(200);
    const elsewhere = await announce(`${web}/firms`, { headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': big }, send: 1024 });
    expect(elsewhere.status).toBe(413);
    const photo = await announce(`${web}/portfolio`, { headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(12 * 1024 * 1024) }, send: 1024 });
    expect(photo.status).toBe(413);
    const urlencoded = await announce(`${web}/portfolio/add-project`, { headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(2 * 1024 * 1024) }, send: 1024 });
    expect(urlencoded.status).toBe(413);
    // A folder's upload: ten files of 100 MB at once.
    const folder = '/workspace/project/filesdetails/0123456789abcdef01234567/76543210fedcba9876543210';
    const files = await announce(`${web}${folder}`, {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(900 * 1024 * 1024), 'x-answer-now': '1' },
      send: 1024,
    });
    expect(files.status).toBe(200);
    const tooMany = await announce(`${web}${folder}`, { headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(1100 * 1024 * 1024) }, send: 1024 });
    expect(tooMany.status).toBe(413);
  });

  it('lets the summary editor’s Save all post a form of up to 2 MB, and only there', async () => {
    const form = (bytes: number) => ({ 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Math.round(bytes)) });
    const editor = `${web}/workspace/project/schedules/summary-financial/0123456789abcdef01234567`;
    expect((await announce(editor, { headers: { ...form(1.9 * 1024 * 1024), 'x-answer-now': '1' }, send: 1024 })).status).toBe(200);
    const over = await announce(editor, { headers: form(2.1 * 1024 * 1024), send: 1024 });
    expect(over.status).toBe(413);
    expect(over.body).toContain('larger than the 2 MB');
    expect((await announce(`${web}/workspace/project/schedules/0123456789abcdef01234567`, { headers: form(1.9 * 1024 * 1024), send: 1024 })).status).toBe(413);
  });

  it('refuses a page body without a length (411) and stops a streamed /api body at its limit', async () => {
    const chunked = await announce(`${web}/?index`, { headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' }, send: 10 });
    expect(chunked.status).toBe(411);

    apiSeen = [];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(64 * 1024));
        controller.close();
      },
    });
    const res = await fetch(`${web}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(apiSeen.every((seen) => seen.bytes <= 1024 * 1024)).toBe(true);
  });
});

describe('the CSRF check', () => {
  const post = (url: string, headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'intent=login' });

  it('refuses a post from another site, a sibling origin or an opaque origin, for pages, data requests and resource routes', async () => {
    const host = new URL(web).host;
    for (const [url, headers] of [
      [`${web}/?index`, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }],
      [`${web}/?index&_data=routes%2F_index`, { origin: 'http://evil.example' }],
      [`${web}/portfolio/edit-project/1?_data=routes%2Fportfolio.edit-project.%24projectId`, { origin: `http://${host.replace('127.0.0.1', 'localhost')}` }],
      [`${web}/resources/register-firm`, { 'sec-fetch-site': 'same-site', origin: `http://127.0.0.1:1` }],
      [`${web}/auth/social`, { origin: 'null' }],
      [`${web}/logout`, { 'sec-fetch-site': 'same-site' }],
    ] as const) {
      const res = await post(url, headers);
      expect(res.status, `${url} ${JSON.stringify(headers)}`).toBe(403);
    }
    const data = await post(`${web}/?index&_data=routes%2F_index`, { origin: 'http://evil.example' });
    expect((await data.json()).message).toMatch(/another site/);
  });

  it('lets through the site’s own posts and clients that are not browsers', async () => {
    const origin = new URL(web).origin;
    expect((await post(`${web}/?index`, { origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post(`${web}/?index`, { 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await post(`${web}/?index`, {})).status).toBe(200);
    expect((await fetch(`${web}/explore`, { headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });

  it('leaves the /api forwarding alone, which carries no cookies', async () => {
    apiSeen = [];
    const res = await post(`${web}/api/users/login`, { origin: 'http://evil.example', cookie: '__session=abc' });
    expect(res.status).toBe(200);
    expect(apiSeen[0]!.headers.cookie).toBeUndefined();
  });
});

describe('security headers', () => {
  it('are on every answer, with a fresh nonce for each page', async () => {
    const first = await fetch(`${web}/explore`);
    const second = await fetch(`${web}/explore`);
    const csp = first.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline\' \'nonce'); // scripts: nonce only
    const nonce = (await first.json()).nonce;
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect((await second.json()).nonce).not.toBe(nonce);
    for (const res of [first, await fetch(`${web}/build/app-123.js`), await fetch(`${web}/api/health`), await fetch(`${web}/favicon.svg`)]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('let the site frame a project file (the PDF preview) and leave the file its own policy from the api', async () => {
    const page = (await fetch(`${web}/workspace/project/filesdetails/a/b`)).headers;
    expect(page.get('content-security-policy')).toContain("frame-src 'self'");
    expect(page.get('x-frame-options')).toBe('DENY');
    const file = (await fetch(`${web}/workspace/project/file/0123456789abcdef01234567?inline=1`)).headers;
    // The route's answer carries the api's policy and nosniff (the e2e journeys check them).
    expect(file.get('content-security-policy')).toBeNull();
    expect(file.get('x-content-type-options')).toBeNull();
    expect(file.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('add HSTS when the public URL is https, and the sign-in providers only when configured', async () => {
    const https = await startWeb({ PUBLIC_URL: 'https://archivista.example', GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' });
    const res = await fetch(`${https}/`);
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('content-security-policy')).toContain('script-src \'self\'');
    expect(res.headers.get('content-security-policy')).toContain('https://accounts.google.com');
    expect((await fetch(`${web}/`)).headers.get('content-security-policy')).not.toContain('google');
  });
});

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
    ]));
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

describe('the request log (issue 15 item 11)', () => {
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

  it('prints no secret of a url: share-link tokens, ?token= and ?code= values (issue 27 item 7, docs/decisions/245)', async () => {
    const { url, lines } = await logged('production', 'debug');
    const token = 'Zq4_kL9mN2pR7sT1vW3xY5zA8bC0dE6fG-hJ';
    await (await fetch(`${url}/share/${token}`)).text();
    await (await fetch(`${url}/share/${token}?_data=routes%2Fshare.%24token`)).text();
    await (await fetch(`${url}/reset-password?token=r3set-Secret&code=731904`)).text();
    await vi.waitFor(() => expect(lines).toHaveLength(3));
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of [token, 'r3set-Secret', '731904']) expect(text).not.toContain(secret);
    expect(lines.map((line) => line.url)).toEqual(['/share/[redacted]', '/share/[redacted]?_data=routes%2Fshare.%24token', '/reset-password?token=[redacted]&code=[redacted]']);
  });
});

describe('a visitor who goes away (issue 31: closing a chat tab)', () => {
  /** Opens `path` as a stream, reads its first bytes, then lets the stream run for `ms` or closes it after them. */
  async function openStream(url: string, path: string, closeAfterFirst: boolean) {
    const controller = new AbortController();
    const answer = await fetch(`${url}${path}`, { signal: controller.signal });
    const reader = answer.body!.getReader();
    await reader.read();
    if (closeAfterFirst) controller.abort();
    else await reader.read().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  async function logged() {
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    return { url: await startWeb({ NODE_ENV: 'production' }, log), lines };
  }

  it('is logged at debug without a stack, not as an error', async () => {
    const { url, lines } = await logged();
    await openStream(url, '/events', true);
    const gone = lines.filter((line) => line.msg !== 'request');
    expect(gone).toEqual([expect.objectContaining({ level: 20, msg: 'visitor went away', url: '/events' })]);
    expect(JSON.stringify(gone)).not.toContain('stack');
  });

  it('while a stream that breaks on our side is still an error with its stack', async () => {
    const { url, lines } = await logged();
    await openStream(url, '/events-break', false);
    const failed = lines.filter((line) => line.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 50, err: { stack: expect.any(String) } });
  });
});
