import net from 'node:net';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** What a call turned away for load is told, and how long it is asked to wait (docs/decisions/350). */
export const API_BUSY_MESSAGE = 'The service is busy. Please try again in a moment.';
export const API_BUSY_RETRY_AFTER_SECONDS = 2;

/** The 503 of a call shed for load: the api's error shape, with Retry-After, through the one error handler. */
class ApiBusy extends HttpError {
  constructor() {
    super(503, API_BUSY_MESSAGE, undefined, 'busy', { 'retry-after': String(API_BUSY_RETRY_AFTER_SECONDS) });
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler: the health routes pass through whatever the load. */
    pressureHandler?: () => void;
  }
}

/** The route config of a route that answers whatever the load (the health checks). */
export const NEVER_SHED = { pressureHandler: () => undefined } as const;

/**
 * The api sheds load it cannot serve (docs/decisions/350): while its event loop is late by more than
 * `API_MAX_EVENT_LOOP_DELAY_MS`, every call is answered 503 "busy" with Retry-After before its body is
 * read or its session looked up (the first onRequest hook after the request id), except the routes
 * whose config says NEVER_SHED. A caller that waits gets a slow answer for everyone; one told to
 * come back frees the loop for the calls under way.
 */
export async function registerLoadShedding(app: FastifyInstance, config: { API_MAX_EVENT_LOOP_DELAY_MS: number; API_PRESSURE_SAMPLE_MS: number }) {
  if (config.API_MAX_EVENT_LOOP_DELAY_MS <= 0) return;
  // The sampler runs from here on, so its readings until two samples after the app is ready still
  // hold the start's own work (the routes built, seconds on a busy machine): a new replica would
  // turn away its first callers, during a rolling upgrade too. Those readings are not load
  // (docs/decisions/419).
  let readyAt: number | undefined;
  app.addHook('onReady', async () => {
    readyAt = performance.now();
  });
  const starting = () => readyAt === undefined || performance.now() - readyAt < 2 * config.API_PRESSURE_SAMPLE_MS;
  await app.register(underPressure, {
    maxEventLoopDelay: config.API_MAX_EVENT_LOOP_DELAY_MS,
    sampleInterval: config.API_PRESSURE_SAMPLE_MS,
    retryAfter: API_BUSY_RETRY_AFTER_SECONDS,
    customError: ApiBusy,
    // Served (undefined) while the reading is the start's; otherwise the 503 through the one error handler.
    pressureHandler: (_request, _reply, type) => (type === underPressure.TYPE_EVENT_LOOP_DELAY && starting() ? undefined : Promise.reject(new ApiBusy())),
  });
}

/**
 * A call whose caller went away before its handler ran is not worked on (docs/decisions/350): the
 * web closes its call when the visitor leaves, and under load a call waits for its session lookup
 * or its body long enough for that to happen. The check is the socket's own state, so a test's
 * injected request (no socket of its own) always goes on.
 */
export function skipCallsWhoseCallerLeft(app: FastifyInstance) {
  app.addHook('preHandler', async (request, reply) => {
    const socket = request.raw.socket;
    if (!(socket instanceof net.Socket) || (!socket.destroyed && socket.writable)) return;
    request.log.debug({ url: request.url }, 'caller went away: not handled');
    reply.hijack();
  });
}
