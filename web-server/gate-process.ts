import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { answers, Supervisor } from '../scripts/supervisor';
import type { WebServerConfig } from './config';
import { createGate } from './gate';
import { stopCleanly } from './stop';

/** Where Remix's classic compiler serves the browser build (remix.config.js sets no other). */
const REMIX_PUBLIC_PATH = '/build/';
/** How long the renderer may take to start (a first start on a loaded machine is slow). */
const RENDERER_START_MS = 120_000;
const RENDERER_HEALTH = 'http://renderer/healthz';
/** The pages a new renderer renders before the port opens (signed out: no session needed). */
const WARM_UP = ['/', '/explore', '/firms', '/', '/explore', '/firms'];

/**
 * A renderer just started is slow at its first pages (V8 compiles React and the routes as they are
 * first run): a replica that took its share of a proxy's traffic at once queued reads past the
 * page slots' wait and answered the deploy test's visitors "busy" in its first second. A few pages
 * rendered before the port opens make its first visitors' pages as fast as the rest. Whatever they
 * answer (the api may still be starting: its 503 page runs the same code) is dropped.
 */
async function warmUp(socketPath: string, log: Logger) {
  for (const page of WARM_UP) {
    await new Promise<void>((resolve) => {
      const request = http.get({ socketPath, path: page, headers: { host: 'localhost', 'user-agent': 'archivista-warm-up' }, timeout: 10_000 }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve());
        answer.on('error', () => resolve());
      });
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve());
    });
  }
  log.debug({ pages: WARM_UP.length }, 'web renderer warmed up');
}

/**
 * The gate's process (docs/decisions/429): starts the renderer on a socket in a folder of its own
 * (mode 0700: only this user can connect, so the renderer may believe the gate's headers), watches
 * it as `npm start` watches the api (started again when it exits, killed and started again after
 * four health misses in a row), and opens the web's port once the renderer answers. While the
 * renderer is away pages answer a 503 page at once; the gate's `/healthz` still says it is alive
 * (it is, and it is bringing the renderer back), `/healthz/ready` says it is not ready.
 */
export async function runGate({ config, log, fail }: { config: WebServerConfig; log: Logger; fail: (message: string) => never }) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'archivista-web-'));
  const socketPath = path.join(folder, 'renderer.sock');
  const renderers = new Supervisor({
    healthIntervalMs: 5000,
    healthTimeoutMs: 5000,
    healthMisses: 4,
    log: (line) => log.info(line.replace(/^\[start\] /, '')),
  });
  renderers.start({
    name: 'web renderer',
    command: process.execPath,
    args: [...process.execArgv, process.argv[1]!],
    // The gate drains the port; the renderer, asked to stop after that, only finishes what it has.
    env: {
      ...process.env,
      WEB_RENDER_SOCKET: socketPath,
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
    healthUrl: RENDERER_HEALTH,
    healthSocket: socketPath,
  });
  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true });
  // However the gate ends short of a kill, the socket's folder goes with it.
  process.on('exit', removeFolder);
  try {
    await renderers.ready('web renderer', RENDERER_START_MS);
  } catch (error) {
    await renderers.stop();
    removeFolder();
    fail(error instanceof Error ? error.message : String(error));
  }

  await warmUp(socketPath, log);

  const publicDirectory = path.resolve('public');
  const publicNames = new Set(fs.existsSync(publicDirectory) ? fs.readdirSync(publicDirectory) : []);
  const rendererReady = () => answers(RENDERER_HEALTH, 2500, socketPath);
  const { app, agent } = createGate({
    config,
    socketPath,
    publicPath: REMIX_PUBLIC_PATH,
    publicNames,
    log,
    rendererReady,
  });
  const server = config.HOST ? app.listen(config.PORT, config.HOST, onListen) : app.listen(config.PORT, onListen);
  server.on('error', (error) => fail(error.message));
  function onListen() {
    log.info(`web listening on http://${config.HOST ?? 'localhost'}:${config.PORT}`);
  }
  // The renderer is stopped once the gate's answers under way are done.
  stopCleanly(server, {
    drainSeconds: config.SHUTDOWN_DRAIN_SECONDS,
    log,
    graceMs: 15_000,
    afterClose: async () => {
      agent.destroy();
      await renderers.stop();
      removeFolder();
    },
  });
}
