import type { Request, RequestHandler, Response } from 'express';
import { busy } from './answers';

export type PageSlotOptions = {
  /** Reads Remix works on at once (WEB_CONCURRENT_PAGES). */
  max: number;
  /** Reads that may wait for a slot at all (WEB_PAGE_QUEUE): a cap on sockets held, whatever the wait. */
  queueMax: number;
  /** The longest a read waits for a slot (WEB_PAGE_WAIT_MS): expected at the door, enforced in the queue. */
  maxWaitMs: number;
  /** Past this event-loop delay no new read is taken (WEB_MAX_EVENT_LOOP_DELAY_MS); 0 = not checked. */
  maxEventLoopDelayMs?: number;
  /** The event loop's recent delay in ms (web-server/event-loop-delay.ts; tests pass a stand-in). */
  eventLoopDelay?: () => number;
  /** The clock the hold times are read on (tests pass a stand-in). */
  now?: () => number;
};

export type PageSlots = RequestHandler & {
  readonly active: number;
  readonly waiting: number;
  /** How long a slot is held, on recent reads (ms): what a place in the queue costs. */
  readonly holdMs: number;
};

/** Weight of the newest hold time in the running estimate: about the last ten reads count. */
const WEIGHT = 0.1;

/**
 * A bound on the requests Remix works on at once (docs/decisions/180), and on the wait for one
 * (docs/decisions/350). Each page holds its api replies, loader data and rendered page in memory
 * until it answers: past `max` at once, a read waits its turn holding only its socket.
 *
 * A wait is shed, not queued: a read is answered 503 "busy" with Retry-After at once when the wait
 * it can expect (its place in the queue × the recent hold time of a slot ÷ the slots) is longer than
 * `maxWaitMs`, when `queueMax` reads already wait, or when the event loop is already late by more
 * than `maxEventLoopDelayMs`; a read still waiting after `maxWaitMs` (the estimate was wrong: the
 * api slowed down) is answered the same. Under 200 connections the old queue of 2000 held pages
 * for 16 s, rendered them for visitors who had long gone, and kept `/healthz` waiting 72 s.
 *
 * A slot is given back as soon as the answer's head is written, not when its body ends: an event
 * stream (the project chat) or a long download holds a connection for minutes but no page in
 * memory, and must never keep other visitors waiting. Only reads (GET, HEAD) take a slot: a form
 * with files may take minutes to arrive from a phone, and writes are few.
 */
export function pageSlots(options: PageSlotOptions): PageSlots {
  const { max, queueMax, maxWaitMs, maxEventLoopDelayMs = 0, eventLoopDelay = () => 0, now = Date.now } = options;
  let active = 0;
  let holdMs = 0;
  let holds = 0;
  const waiting = new Set<Waiter>();
  type Waiter = { begin: () => void; timer: NodeJS.Timeout; req: Request; res: Response };

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (maxEventLoopDelayMs > 0 && eventLoopDelay() > maxEventLoopDelayMs) return busy(req, res);

    const begin = () => {
      // A visitor who left while waiting needs no page.
      if (res.destroyed || req.socket.destroyed) return void releaseNext();
      active += 1;
      const started = now();
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        active -= 1;
        const held = Math.max(0, now() - started);
        holdMs = holds === 0 ? held : holdMs + WEIGHT * (held - holdMs);
        holds += 1;
        releaseNext();
      };
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
        release();
        return writeHead.apply(this, args);
      } as typeof res.writeHead;
      res.once('close', release);
      next();
    };
    if (active < max && waiting.size === 0) return begin();

    const expectedWaitMs = ((waiting.size + 1) * holdMs) / max;
    if (waiting.size >= queueMax || expectedWaitMs > maxWaitMs) return busy(req, res);
    const waiter: Waiter = {
      begin,
      req,
      res,
      timer: setTimeout(() => {
        waiting.delete(waiter);
        busy(req, res);
      }, maxWaitMs),
    };
    waiting.add(waiter);
    // A visitor gone from the queue frees their place at once (and is no longer counted in the wait).
    res.once('close', () => {
      if (waiting.delete(waiter)) clearTimeout(waiter.timer);
    });
  };

  function releaseNext() {
    while (active < max) {
      const next = waiting.values().next();
      if (next.done) return;
      const waiter = next.value;
      waiting.delete(waiter);
      clearTimeout(waiter.timer);
      if (waiter.res.destroyed || waiter.req.socket.destroyed) continue;
      waiter.begin();
    }
  }

  return Object.defineProperties(handler, {
    active: { get: () => active },
    waiting: { get: () => waiting.size },
    holdMs: { get: () => holdMs },
  }) as PageSlots;
}
