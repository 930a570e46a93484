import type { RequestHandler } from 'express';
import { refuse } from './answers';

/**
 * A bound on the requests Remix works on at once (issue 14, docs/decisions/180). Each one holds
 * its api replies, loader data and rendered page in memory until it answers: under 200
 * connections the web grew from 170 MB to over 300 MB. Past `max`, a request waits its turn in a
 * queue (holding only its socket); past `queueMax` waiting, it is answered 503 at once.
 *
 * A slot is given back as soon as the answer's head is written, not when its body ends: an event
 * stream (the project chat) or a long download holds a connection for minutes but no page in
 * memory, and must never keep other visitors waiting. Only reads (GET, HEAD) take a slot: a form
 * with files may take minutes to arrive from a phone, and writes are few.
 */
export function pageSlots({ max, queueMax }: { max: number; queueMax: number }): RequestHandler & { readonly active: number; readonly waiting: number } {
  let active = 0;
  const waiting: Array<() => void> = [];

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const begin = () => {
      // A visitor who left while waiting needs no page.
      if (res.destroyed || req.socket.destroyed) return void releaseNext();
      active += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        active -= 1;
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
    if (active < max) return begin();
    if (waiting.length >= queueMax) {
      res.setHeader('Retry-After', '5');
      return refuse(req, res, 503, 'Too busy', 'Too many people are using the site right now. Please try again in a moment.');
    }
    waiting.push(begin);
  };

  function releaseNext() {
    waiting.shift()?.();
  }

  return Object.defineProperties(handler, {
    active: { get: () => active },
    waiting: { get: () => waiting.length },
  }) as RequestHandler & { readonly active: number; readonly waiting: number };
}
