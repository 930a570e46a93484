import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RequestHandler } from 'express';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createRequestHandler } from '@remix-run/express';
import { redirect, writeReadableStreamToWritable, type ServerBuild } from '@remix-run/node';
import { afterResponse } from '../app/utils/after-response.server';
import { DATA_REQUEST_HEADER } from '../app/utils/data-request.server';
import { createWebApp } from './app';
import { loadWebServerConfig } from './config';
import { createGate } from './gate';

/**
 * The web server's tests (web-server/*.test.ts) share this: the web server in front of a stand-in
 * Remix handler and a stand-in api, over real sockets, and a raw request that sends less than it
 * announces. `setUpWebServer()` in a test file starts them before its tests and stops them after.
 */

export type Seen = { path: string; headers: http.IncomingHttpHeaders; bytes: number };

export function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** What the stand-in api received (a test empties it with `apiSeen.length = 0`). */
export const apiSeen: Seen[] = [];
export const api = http.createServer((req, res) => {
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
export const afterAnswers: Array<{ path: string; answered: boolean }> = [];

/** Answers of the stand-in Remix's `/hold` reads, held until a test sends them. */
export const held: Array<() => void> = [];
/** `/hold` reads whose visitor went away before the answer (the connection closed under it). */
export const heldGone: string[] = [];

/** Stands in for Remix: reads the whole body and answers what it saw. */
export const remix: RequestHandler = (req, res, next) => {
  // A page that takes as long as a test wants: it keeps its slot until then.
  if (req.path === '/hold') {
    res.once('close', () => void (res.writableFinished || heldGone.push(req.path)));
    return void held.push(() => res.json({ held: true }));
  }
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

/**
 * Remix's own request handler on a one-route build whose action redirects: what Remix itself does
 * with a post (its origin comparison on document requests included), without building the app.
 */
export function realRemix(): RequestHandler {
  const build = {
    mode: 'production',
    basename: undefined,
    future: {},
    isSpaMode: false,
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    entry: { module: { default: (_request: Request, status: number, headers: Headers) => new Response('<p>page</p>', { status, headers }) } },
    routes: { root: { id: 'root', path: '', module: { default: () => null, action: () => redirect('/done') } } },
    assets: {
      version: '1',
      url: '/build/manifest.js',
      entry: { module: '/build/entry.js', imports: [] },
      routes: { root: { id: 'root', path: '', module: '/build/root.js', hasAction: true, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false } },
    },
  } as unknown as ServerBuild;
  return createRequestHandler({ build, mode: 'production' });
}

export let assets = '';
// Small, as most chunks of a page's first load are: under compression's 1 KB threshold.
export const CHUNK = `export const words = [${Array.from({ length: 60 }, (_, i) => `"word ${i}"`).join(',')}];`;

/** The browser build and public folder the web server serves: a script, a small chunk and the icon. */
export function writeAssets() {
  assets = fs.mkdtempSync(path.join(os.tmpdir(), 'web-assets-'));
  fs.mkdirSync(path.join(assets, 'public', 'build'), { recursive: true });
  fs.writeFileSync(path.join(assets, 'public', 'build', 'app-123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(assets, 'public', 'build', 'chunk-456.js'), CHUNK);
  fs.writeFileSync(path.join(assets, 'public', 'favicon.svg'), '<svg/>');
}

export const servers: http.Server[] = [];
export let apiPort = 0;

/** The web's app over the test's assets, in front of the stand-in api; behind the gate when `behindGate`. */
function testWebApp(env: Record<string, string>, log: Logger, handler: RequestHandler, behindGate = false) {
  const config = loadWebServerConfig({ NODE_ENV: 'production', API_URL: `http://127.0.0.1:${apiPort}`, ...env });
  const app = createWebApp({
    config,
    remix: handler,
    assets: { publicPath: '/build/', directory: path.join(assets, 'public', 'build') },
    publicDirectory: path.join(assets, 'public'),
    log,
    behindGate,
  });
  return { config, app };
}

export async function startWeb(env: Record<string, string> = {}, log = pino({ level: 'silent' }), handler: RequestHandler = remix): Promise<string> {
  const { app } = testWebApp(env, log, handler);
  const server = http.createServer(app);
  servers.push(server);
  return `http://127.0.0.1:${await listen(server)}`;
}

/**
 * The same web behind its gate (docs/decisions/429): the app as the renderer runs it, on a socket in
 * a folder of the test's own, and the gate in front on a port. `renderer` stops and starts it again.
 */
export async function startGatedWeb(env: Record<string, string> = {}, handler: RequestHandler = remix) {
  const log = pino({ level: 'silent' });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'web-gate-'));
  const socketPath = path.join(folder, 'renderer.sock');
  const { config, app } = testWebApp(env, log, handler, true);
  let renderer: http.Server | null = null;
  const renderers = {
    start: () => new Promise<void>((resolve) => {
      fs.rmSync(socketPath, { force: true });
      renderer = http.createServer(app);
      servers.push(renderer);
      renderer.listen(socketPath, resolve);
    }),
    stop: () => new Promise<void>((resolve) => {
      renderer!.close(() => resolve());
      renderer!.closeAllConnections();
    }),
  };
  await renderers.start();
  let up = true;
  const gate = createGate({ config, socketPath, publicPath: '/build/', publicNames: new Set(fs.readdirSync(path.join(assets, 'public'))), log, rendererReady: async () => up });
  const server = http.createServer(gate.app);
  servers.push(server);
  folders.push(folder);
  return {
    url: `http://127.0.0.1:${await listen(server)}`,
    gate,
    renderer: {
      ...renderers,
      setReady: (ready: boolean) => void (up = ready),
    },
  };
}

const folders: string[] = [];
export let web = '';
export function setUpWebServer() {
  beforeAll(async () => {
    writeAssets();
    servers.length = 0;
    apiPort = await listen(api);
    web = await startWeb();
  });
  afterAll(() => {
    for (const server of [...servers, api]) server.close();
    fs.rmSync(assets, { recursive: true, force: true });
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
}

/** A raw request that announces `length` bytes but sends only `send` of them, then waits for the answer. */
export function announce(url: string, options: { method?: string; headers: Record<string, string>; send: number }): Promise<{ status: number; body: string; ms: number }> {
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
