import type { Request, RequestHandler, Response } from 'express';
import { busy } from './answers';

export type PageSlotOptions = {
  /** Reads Remix works on at once, at most (WEB_CONCURRENT_PAGES). */
  max: number;
  /** Reads that may wait for a slot at all (WEB_PAGE_QUEUE): a cap on sockets held, whatever the wait. */
  queueMax: number;
  /**
   * The longest a read waits for a slot (WEB_PAGE_WAIT_MS): expected at the door, enforced in the
   * queue. Half of it is the hold time the slots aim at (below).
   */
  maxWaitMs: number;
  /** Past this event-loop delay no read waits for a slot (WEB_MAX_EVENT_LOOP_DELAY_MS); 0 = not checked. */
  maxEventLoopDelayMs?: number;
  /** The event loop's recent delay in ms (web-server/event-loop-delay.ts; tests pass a stand-in). */
  eventLoopDelay?: () => number;
  /** The clock the hold times are read on (tests pass a stand-in). */
  now?: () => number;
};

export type PageSlots = RequestHandler & {
  readonly active: number;
  readonly waiting: number;
  /** Slots open now: `max`, fewer while pages hold their slot longer than they should (below). */
  readonly limit: number;
  /** How long a slot is held, on recent reads (ms): what a place in the queue costs. */
  readonly holdMs: number;
  /**
   * The same door as the handler's, first of all the web's handlers: a read that would be shed is
   * answered before the rest of the chain runs (under a flood of retries, most reads are).
   * `isPage` tells a page read from an asset or a forwarded call.
   */
  shedEarly(isPage: (req: Request) => boolean): RequestHandler;
};

/** Weight of the newest hold time in the running estimate: about the last ten reads count. */
const WEIGHT = 0.1;

/**
 * A bound on the requests Remix works on at once (docs/decisions/180), and on the wait for one
 * (docs/decisions/350). Each page holds its api replies, loader data and rendered page in memory
 * until it answers: past the open slots, a read waits its turn holding only its socket.
 *
 * A wait is shed, not queued: a read is answered 503 "busy" with Retry-After at once when the wait
 * it can expect (its place in the queue × the recent hold time of a slot ÷ the open slots) is longer
 * than `maxWaitMs`, when `queueMax` reads already wait, or when every slot is taken and the event
 * loop is late by more than `maxEventLoopDelayMs`; a read still waiting after `maxWaitMs` (the
 * estimate was wrong: the api slowed down) is answered the same. Under 200 connections the old queue
 * of 2000 held pages for 16 s, rendered them for visitors who had long gone, and kept `/healthz`
 * waiting 72 s.
 *
 * While reads wait or are turned away, the slots open shrink as pages hold theirs longer than half
 * of `maxWaitMs` (one fewer per such answer, down to one), and grow back, one per answer, while they
 * hold them less than a quarter of it or nobody waits: on a machine short of CPU, sixteen pages
 * rendered at once each take sixteen times as long, and a visitor's page would take seconds even
 * with no queue at all. Fewer at once serve as many a second, each sooner. A slow page with no
 * contention (a PDF that Chromium prints) closes no slot.
 *
 * A slot is given back as soon as the answer's head is written, not when its body ends: an event
 * stream (the project chat) or a long download holds a connection for minutes but no page in
 * memory, and must never keep other visitors waiting. Only reads (GET, HEAD) take a slot: a form
 * with files may take minutes to arrive from a phone, and writes are few.
 */
export function pageSlots(options: PageSlotOptions): PageSlots {
  const { max, queueMax, maxWaitMs, maxEventLoopDelayMs = 0, eventLoopDelay = () => 0, now = Date.now } = options;
  const targetHoldMs = maxWaitMs / 2;
  let limit = max;
  let active = 0;
  let holdMs = 0;
  let holds = 0;
  /** Reads turned away since the last answer: with a queue, the sign that the slots are contended. */
  let turnedAway = 0;
  type Waiter = { begin: () => void; timer: NodeJS.Timeout; req: Request; res: Response };
  const waiting = new Set<Waiter>();

  const loopLate = () => maxEventLoopDelayMs > 0 && eventLoopDelay() > maxEventLoopDelayMs;
  /** Whether a read arriving now must be answered busy rather than served or queued. */
  const mustShed = () => {
    if (active < limit && waiting.size === 0) return false;
    if (waiting.size >= queueMax || loopLate()) return true;
    return ((waiting.size + 1) * holdMs) / limit > maxWaitMs;
  };

  function adapt(held: number) {
    holdMs = holds === 0 ? held : holdMs + WEIGHT * (held - holdMs);
    holds += 1;
    // Only contention shrinks the slots: a slow page alone (a PDF printed by Chromium) is slow by itself.
    const contended = waiting.size > 0 || turnedAway > 0;
    turnedAway = 0;
    if (contended && holdMs > targetHoldMs) limit = Math.max(1, limit - 1);
    else if ((!contended || holdMs < targetHoldMs / 2) && limit < max) limit += 1;
  }

  function shed(req: Request, res: Response) {
    turnedAway += 1;
    busy(req, res);
  }

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();

    const begin = () => {
      active += 1;
      const started = now();
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        active -= 1;
        adapt(Math.max(0, now() - started));
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
    if (active < limit && waiting.size === 0) return begin();
    if (mustShed()) return shed(req, res);
    const waiter: Waiter = {
      begin,
      req,
      res,
      timer: setTimeout(() => {
        waiting.delete(waiter);
        shed(req, res);
      }, maxWaitMs),
    };
    waiting.add(waiter);
    // A visitor gone from the queue frees their place at once (and is no longer counted in the wait).
    res.once('close', () => {
      if (waiting.delete(waiter)) clearTimeout(waiter.timer);
    });
  };

  function releaseNext() {
    while (active < limit) {
      const next = waiting.values().next();
      if (next.done) return;
      const waiter = next.value;
      waiting.delete(waiter);
      clearTimeout(waiter.timer);
      // A visitor who left while waiting needs no page.
      if (waiter.res.destroyed || waiter.req.socket.destroyed) continue;
      waiter.begin();
    }
  }

  const shedEarly = (isPage: (req: Request) => boolean): RequestHandler => (req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && mustShed() && isPage(req)) return shed(req, res);
    next();
  };

  return Object.defineProperties(handler, {
    active: { get: () => active },
    waiting: { get: () => waiting.size },
    limit: { get: () => limit },
    holdMs: { get: () => holdMs },
    shedEarly: { value: shedEarly },
  }) as PageSlots;
}
