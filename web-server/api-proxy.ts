import http from 'node:http';
import { Transform } from 'node:stream';
import type { RequestHandler } from 'express';
import { keepAliveAgent } from '../app/utils/keep-alive-agent.server';
import { refuse } from './answers';
import { tooLargeMessage } from './body-limits';

/**
 * `/api/*` and `/uploads/*` on the web's origin, streamed to the api (DESIGN.md section 1, one
 * origin without a reverse proxy). It runs before Remix: no routing, no rendering, no buffering.
 * The visitor's address is the one `visitorAddress` worked out; the web's cookies stay behind
 * (the api authenticates with bearer tokens). While the api is down the answer is a 503 with a
 * message, and a body without a length stops at its route's limit as it streams.
 */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'cookie']);
export const API_DOWN_MESSAGE = 'The service is unavailable. Please try again in a moment.';

/** Counts the bytes of a body as they pass and fails past `limit`. */
function byteCounter(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(Object.assign(new Error('body too large'), { code: 'BODY_TOO_LARGE' }));
      else callback(null, chunk);
    },
  });
}

export function apiProxy(options: { apiUrl: string }): RequestHandler {
  const target = new URL(options.apiUrl);
  const agent = keepAliveAgent(target.protocol === 'https:' ? 'https:' : 'http:', { maxSockets: 64 });
  return (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    headers.host = target.host;
    headers['x-forwarded-host'] = req.get('host') ?? '';
    headers['x-forwarded-proto'] = req.protocol;

    const upstream = http.request({
      agent,
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: req.originalUrl,
      headers,
    });
    let finished = false;
    upstream.on('response', (answer) => {
      const outHeaders: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) outHeaders[name] = value;
      res.writeHead(answer.statusCode ?? 502, outHeaders);
      answer.pipe(res);
      answer.on('end', () => (finished = true));
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error.code === 'BODY_TOO_LARGE') return refuse(req, res, 413, 'Too large', tooLargeMessage(res.locals.bodyLimit as number));
      refuse(req, res, 503, 'The service is unavailable', API_DOWN_MESSAGE);
    });
    // A visitor who goes away takes the upstream call with them.
    res.on('close', () => {
      if (!finished) upstream.destroy();
    });

    if (req.method === 'GET' || req.method === 'HEAD') {
      upstream.end();
      return;
    }
    const counter = byteCounter(res.locals.bodyLimit as number);
    counter.on('error', (error) => upstream.destroy(error));
    req.pipe(counter).pipe(upstream);
  };
}
