import http from 'node:http';
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { keepAliveAgent } from '../app/utils/keep-alive-agent.server';
import { refuse } from './answers';
import { visitorAddress } from './client-address';
import type { WebServerConfig } from './config';
import { healthChecks } from './health';
import { pageSlots, type PageSlots } from './page-slots';
import { pageRead } from './page-read';

/**
 * The web's gate (docs/decisions/429): the process that holds the web's port and hands requests to
 * the renderer (the Remix app, a child process on a private socket). Its event loop does nothing
 * but accept, count and pipe bytes, so it is never late: the health answers come from here at once,
 * and a read past the renderer's open page slots is turned away with a quick 503 here, before it
 * reaches the renderer. Under 200 connections the renderer alone, its loop busy rendering, left
 * connections waiting in the kernel's accept queue for seconds (its `/healthz` took 10 s, and reads
 * timed out without an answer); behind the gate it only ever holds the slots' worth of connections.
 *
 * The gate works out the visitor's address (TRUST_PROXY) and passes exactly that one on; the
 * renderer listens on a socket in a folder only this user can open and believes what the gate says.
 */

/** Request headers that belong to one connection, never passed on (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

export const RENDERER_DOWN_TITLE = 'The service is unavailable';
export const RENDERER_DOWN_MESSAGE = 'The site is starting or restarting. Please try again in a moment.';

export type GateOptions = {
  config: WebServerConfig;
  /** The renderer's socket (a path) to forward to. */
  socketPath: string;
  /** Where Remix serves its browser build (`/build/`): asset reads take no page slot. */
  publicPath: string;
  /** The top-level names of the public folder (favicon…): their reads take no page slot either. */
  publicNames: ReadonlySet<string>;
  log: Logger;
  /** Whether the renderer answers its health now: `/healthz/ready` is not ready while it does not. */
  rendererReady: () => Promise<boolean>;
};

export type Gate = {
  app: express.Express;
  slots: PageSlots;
  agent: http.Agent;
};

function passedHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
  return out;
}

/** Whether an error happened before the renderer could have seen the request: safe to send again. */
const unsent = (error: NodeJS.ErrnoException) => error.code === 'ECONNRESET' || error.code === 'ECONNREFUSED' || error.code === 'ENOENT' || error.code === 'EPIPE';

/** Streams the request to the renderer and its answer back; a visitor who goes away takes the renderer's work with them. */
function forward(socketPath: string, agent: http.Agent, log: Logger): RequestHandler {
  return (req, res) => {
    const replayable = req.method === 'GET' || req.method === 'HEAD';
    const send = (attempt: number) => {
      let answered = false;
      const upstream = http.request({
        agent,
        socketPath,
        method: req.method,
        path: req.originalUrl,
        headers: passedHeaders(req.headers),
      });
      upstream.on('response', (answer) => {
        answered = true;
        const headers = passedHeaders(answer.headers);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (answered || res.headersSent) return void res.destroy();
        if (res.destroyed) return;
        // A kept-alive socket the renderer closed as it was reused: nothing reached it; a read is sent once more.
        if (replayable && attempt === 0 && unsent(error)) return send(1);
        log.warn({ err: error.message, url: req.originalUrl }, 'the renderer did not answer');
        res.setHeader('retry-after', '5');
        refuse(req, res, 503, RENDERER_DOWN_TITLE, RENDERER_DOWN_MESSAGE);
      });
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      if (replayable) upstream.end();
      else req.pipe(upstream);
    };
    send(0);
  };
}

export function createGate({ config, socketPath, publicPath, publicNames, log, rendererReady }: GateOptions): Gate {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', config.trustProxy);
  const slots = pageSlots({
    max: config.WEB_CONCURRENT_PAGES,
    queueMax: config.WEB_PAGE_QUEUE,
    maxWaitMs: config.WEB_PAGE_WAIT_MS,
  });
  const isPage = pageRead(publicPath, publicNames);
  // Connections to the renderer are kept for reuse; the slots bound how many reads use them at once.
  const agent = keepAliveAgent('http:');
  const pass = forward(socketPath, agent, log);
  app.get('/healthz/ready', (_req, res, next) => {
    void rendererReady().then((up) =>
      up
        ? next()
        : res
            .status(503)
            .set({
              'content-type': 'text/plain; charset=utf-8',
              'cache-control': 'no-store',
            })
            .send('the web renderer is not ready\n')
    );
  });
  app.use(healthChecks({ apiUrl: config.API_URL }));
  app.use(slots.shedEarly(isPage));
  app.use(visitorAddress);
  app.use((req, res, next) => (isPage(req) ? slots(req, res, next) : next()));
  app.use(pass);
  return { app, slots, agent };
}
