import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { withResponseScope } from '../app/utils/after-response.server';
import { DATA_REQUEST_HEADER } from '../app/utils/data-request.server';
import { redactUrl } from '../server/contract/log-redaction';
import { refuse } from './answers';
import { apiProxy } from './api-proxy';
import { bodyLimit } from './body-limits';
import { gateVisitor, visitorAddress } from './client-address';
import type { WebServerConfig } from './config';
import { csrfCheck } from './csrf';
import { pageRead, firstSegment } from './page-read';
import { pageSlots } from './page-slots';
import { eventLoopDelay } from './event-loop-delay';
import { healthChecks } from './health';
import { precompressedBuild } from './precompressed';
import { requestId } from './request-id';
import { securityHeaders } from './security-headers';

/**
 * The web's HTTP server (docs/decisions/060): the parts remix-serve is made of (express,
 * compression, express.static, @remix-run/express's request handler), plus what remix-serve cannot
 * do: the visitor's real address, body limits, the CSRF check, security headers with a CSP nonce,
 * and the /api and /uploads forwarding ahead of Remix. In the order a request meets them:
 *
 *   /healthz, /healthz/ready → a read the page slots would shed → visitor address → security
 *   headers → compression → /build and public files → body limit → /api, /uploads forwarding →
 *   CSRF check → (request log) → after-response scope → page slots → Remix
 */

export type WebAppOptions = {
  config: WebServerConfig;
  /** Remix's request handler (tests pass a stand-in). */
  remix: RequestHandler;
  /** Where the browser build is served from (`build.publicPath`, `build.assetsBuildDirectory`). */
  assets: { publicPath: string; directory: string };
  /** The folder of other public files (favicon…). */
  publicDirectory?: string;
  log: Logger;
  /** Behind the gate (docs/decisions/429): the visitor's address and the proxy headers come from it. */
  behindGate?: boolean;
};

/**
 * The public folder's files (`names`: its top-level names, read once): only requests under them are
 * looked up on disk, so a page request costs no file-system stat (remix-serve stats every request path).
 */
function publicFiles(directory: string, names: Set<string>): RequestHandler {
  const serve = express.static(directory, { maxAge: '1h', index: false, redirect: false });
  return (req, res, next) => {
    if (names.has(firstSegment(req))) return serve(req, res, next);
    next();
  };
}

/**
 * One line per page or data request (not per asset, not per forwarded api call: the api logs those),
 * at info in production and at debug otherwise (docs/decisions/135), its secrets
 * redacted (docs/decisions/245).
 */
function requestLog(log: Logger, level: 'info' | 'debug'): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      log[level]({ requestId: res.locals.requestId, method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  };
}

/**
 * Notes a visitor who closed the connection before the answer finished (a chat tab closed mid-stream):
 * Remix then aborts the page's work and passes the abort on as an error, which is not ours to log as one.
 * The close comes before that error; a stream that breaks on our side closes the answer only after it.
 */
const noteVisitorGone: RequestHandler = (_req, res, next) => {
  res.once('close', () => {
    if (!res.writableFinished) res.locals.visitorGone = true;
  });
  next();
};

/** Marks Remix's data requests for app/utils/viewer.server.ts; a visitor cannot send the mark. */
const markDataRequests: RequestHandler = (req, _res, next) => {
  if (req.query._data !== undefined) req.headers[DATA_REQUEST_HEADER] = '1';
  else delete req.headers[DATA_REQUEST_HEADER];
  next();
};

export function createWebApp({ config, remix, assets, publicDirectory = 'public', log, behindGate = false }: WebAppOptions) {
  const app = express();
  app.disable('x-powered-by');
  // Behind the gate every peer is the gate: `req.protocol` and `req.hostname` read what it passed on.
  app.set('trust proxy', behindGate ? () => true : config.trustProxy);
  const publicDirectoryPath = path.resolve(publicDirectory);
  const publicNames = new Set(fs.existsSync(publicDirectoryPath) ? fs.readdirSync(publicDirectoryPath) : []);
  const slots = pageSlots({
    max: config.WEB_CONCURRENT_PAGES,
    queueMax: config.WEB_PAGE_QUEUE,
    maxWaitMs: config.WEB_PAGE_WAIT_MS,
    maxEventLoopDelayMs: config.WEB_MAX_EVENT_LOOP_DELAY_MS,
    eventLoopDelay: config.WEB_MAX_EVENT_LOOP_DELAY_MS > 0 ? eventLoopDelay() : undefined,
  });
  const isPage = pageRead(assets.publicPath, publicNames);

  // Before everything, and never shed (docs/decisions/350).
  app.use(healthChecks({ apiUrl: config.API_URL }));
  // A read the slots would turn away is answered before the rest of the chain (docs/decisions/350).
  app.use(slots.shedEarly(isPage));
  app.use(behindGate ? gateVisitor : visitorAddress);
  app.use(requestId);
  app.use(securityHeaders({ socialScripts: config.socialScripts, development: config.NODE_ENV === 'development', https: config.https }));
  app.use(compression());
  // Remix fingerprints its browser build: cached for a year, and gzipped once (docs/decisions/173).
  app.use(assets.publicPath, precompressedBuild(assets.directory));
  app.use(assets.publicPath, express.static(path.resolve(assets.directory), { immutable: true, maxAge: '1y', index: false, redirect: false }));
  app.use(assets.publicPath, (_req, res) => res.status(404).type('text/plain').send('Not found'));
  app.use(publicFiles(publicDirectoryPath, publicNames));

  app.use(bodyLimit({ formLimit: config.FORM_BODY_LIMIT, streamingPaths: /^\/(api|uploads)(\/|$)/ }));
  const forward = apiProxy({ apiUrl: config.API_URL });
  app.use(['/api', '/uploads'], forward);

  app.use(csrfCheck({ publicUrl: config.PUBLIC_URL }));
  const requestLevel = config.NODE_ENV === 'production' ? 'info' : 'debug';
  if (log.isLevelEnabled(requestLevel)) app.use(requestLog(log, requestLevel));
  // Work an action leaves for after its answer (an upload form's temporary files) runs when the response closes.
  // Reads leave none, and skip the scope (and its AsyncLocalStorage) altogether.
  app.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : withResponseScope(new Promise((resolve) => res.once('close', resolve)), next)));
  app.use(markDataRequests);
  app.use(noteVisitorGone);
  app.use(slots);
  app.all('*', remix);

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    if (res.locals.visitorGone) return void log.debug({ requestId: res.locals.requestId, url: redactUrl(req.originalUrl) }, 'visitor went away');
    log.error({ err: error, requestId: res.locals.requestId, url: redactUrl(req.originalUrl) }, 'request failed');
    if (res.headersSent) return res.destroy();
    refuse(req, res, 500, 'Something went wrong', 'An unexpected error happened on our side. Please try again in a moment.');
  };
  app.use(onError);
  return app;
}
