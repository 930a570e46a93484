/**
 * `npm run web`: the web server on the built Remix app (`npm run build` first, which also bundles
 * this server as build/web-server.mjs). In production it is two processes (docs/decisions/429): the
 * gate holds the port (health answers, the page slots, the visitor's address) and starts, watches and
 * restarts the renderer, this same file with WEB_RENDER_SOCKET set, which runs Remix on a private
 * socket. In development (`npm run dev`, under `remix dev`, or WEB_GATE=off) it is one process that
 * re-imports the build whenever the compiler writes a new one.
 */
import fs from 'node:fs';
import path from 'node:path';
import url from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import { broadcastDevReady, type ServerBuild } from '@remix-run/node';
import type { RequestHandler } from 'express';
import pino from 'pino';
import { createWebApp } from './app';
import { loadWebServerConfig } from './config';
import { getLoadContext } from './load-context';
import { runShutdownHooks } from '../app/utils/shutdown.server';
import { runGate } from './gate-process';
import { stopCleanly } from './stop';

function fail(message: string): never {
  console.error(`\nThe web cannot start: ${message}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadWebServerConfig>;
try {
  config = loadWebServerConfig();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const log = pino({ level: config.LOG_LEVEL, base: { service: 'web' } });
const buildPath = path.resolve(process.env.REMIX_BUILD_PATH ?? 'build/index.js');

async function importBuild(): Promise<ServerBuild> {
  if (!fs.existsSync(buildPath)) fail(`${path.relative(process.cwd(), buildPath)} is missing: run \`npm run build\` first.`);
  // A query string that changes with the file busts Node's import cache (development re-imports).
  const stamp = fs.statSync(buildPath).mtimeMs;
  try {
    return (await import(`${url.pathToFileURL(buildPath).href}?t=${stamp}`)) as ServerBuild;
  } catch (error) {
    // The app's configuration check (app/utils/env.server.ts) runs as the build is imported.
    fail(error instanceof Error ? error.message : String(error));
  }
}

// A visitor who goes away aborts the work done for them (docs/decisions/350); a rejection with that
// abort which nothing awaited any more is logged, never the end of the server. Anything else still is.
process.on('unhandledRejection', (reason) => {
  if (reason instanceof Error && reason.name === 'AbortError') {
    log.warn({ err: reason.message }, 'a cancelled request left a rejection nobody awaited');
    return;
  }
  throw reason;
});

const renderSocket = process.env.WEB_RENDER_SOCKET;
const role = renderSocket ? 'renderer' : config.NODE_ENV === 'development' || config.WEB_GATE === 'off' ? 'single' : 'gate';
if (role === 'gate') await runGate({ config, log, fail });
else await serveRemix();

async function serveRemix() {
  let build = await importBuild();
  const mode = config.NODE_ENV === 'development' ? 'development' : 'production';

  /** In development every request takes the newest build. */
  function developmentHandler(): RequestHandler {
    const watched = path.join(path.dirname(buildPath), 'version.txt');
    fs.watchFile(watched, { interval: 300 }, async () => {
      build = await importBuild();
      void broadcastDevReady(build);
    });
    return (req, res, next) => createRequestHandler({ build, mode, getLoadContext })(req, res, next);
  }

  const remix = mode === 'development' ? developmentHandler() : createRequestHandler({ build, mode, getLoadContext });
  let app: ReturnType<typeof createWebApp>;
  try {
    app = createWebApp({ config, remix, assets: { publicPath: build.publicPath, directory: build.assetsBuildDirectory }, log, behindGate: role === 'renderer' });
  } catch (error) {
    // e.g. a TRUST_PROXY entry that is neither an address, a range nor a known name.
    fail(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`);
  }

  const onListen = () => {
    log.info(renderSocket ? `web renderer listening on ${renderSocket}` : `web listening on http://${config.HOST ?? 'localhost'}:${config.PORT}`);
    if (mode === 'development') void broadcastDevReady(build);
  };
  // A renderer started again finds its predecessor's socket file: it is this process's to replace.
  if (renderSocket) fs.rmSync(renderSocket, { force: true });
  const server = renderSocket ? app.listen(renderSocket, onListen) : config.HOST ? app.listen(config.PORT, config.HOST, onListen) : app.listen(config.PORT, onListen);
  server.on('error', (error) => fail(error.message));
  // Started by `npm start`'s supervisor or by the gate: it also stops when its parent is gone (docs/decisions/304).
  stopCleanly(server, { drainSeconds: config.SHUTDOWN_DRAIN_SECONDS, log, graceMs: 10_000, afterClose: runShutdownHooks });
}
