import http from 'node:http';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../app/utils/api.server';
import { env } from '../app/utils/env.server';
import { createWebApp } from './app';
import { loadWebServerConfig } from './config';
import { getLoadContext } from './load-context';
import { assets, listen, servers, setUpWebServer } from './test-servers';

/**
 * A visitor who goes away cancels the api calls made for them (docs/decisions/350): the web server
 * in front of Remix's own request handler, with one route whose loader calls the api through the
 * one api client, and a stand-in api that never answers and notes when the call's connection closes.
 */

setUpWebServer();

/** The calls the stand-in api received, and those whose connection then closed (by path). */
const received: string[] = [];
const closed: string[] = [];
const slowApi = http.createServer((req, res) => {
  received.push(req.url ?? '');
  res.once('close', () => closed.push(req.url ?? ''));
});

/** A server build of one route, `/slow`, whose loader waits for the api, as an app/models call does. */
const build = {
  mode: 'production',
  entry: { module: { default: () => new Response('no document in this test', { status: 500 }) } },
  routes: {
    root: { id: 'root', path: '', module: { default: () => null } },
    'routes/slow': { id: 'routes/slow', parentId: 'root', path: 'slow', module: { loader: ({ request }: { request: Request }) => api(request, '/slow') } },
  },
  assets: { entry: { imports: [], module: '' }, routes: {}, url: '', version: 'test' },
  publicPath: '/build/',
  assetsBuildDirectory: 'public/build',
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

let web = '';
beforeAll(async () => {
  env.API_URL = `http://127.0.0.1:${await listen(slowApi)}`;
  const app = createWebApp({
    config: loadWebServerConfig({ NODE_ENV: 'production', API_URL: env.API_URL }),
    remix: createRequestHandler({ build, mode: 'production', getLoadContext }),
    assets: { publicPath: '/build/', directory: assets },
    log: pino({ level: 'silent' }),
  });
  const server = http.createServer(app);
  servers.push(server);
  web = `http://127.0.0.1:${await listen(server)}`;
});
afterAll(() => {
  slowApi.closeAllConnections();
  slowApi.close();
});

/** Resolves once `condition` holds, looking again every few milliseconds. */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a visitor who goes away', () => {
  it('closes the api call their page was waiting for', async () => {
    const visitor = http.get(`${web}/slow?_data=routes%2Fslow`);
    visitor.on('error', () => undefined);
    await until(() => received.includes('/api/slow'));
    expect(closed).toEqual([]);
    visitor.destroy();
    await until(() => closed.includes('/api/slow'));
    expect(closed).toEqual(['/api/slow']);
  });
});
