import type { RequestHandler } from 'express';
import { readiness } from './readiness';

const HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/**
 * The web's health answers, first of all its handlers (docs/decisions/350): `/healthz` (alive: the
 * process answers) and `/healthz/ready` (the api behind it answers its own health). Nothing runs
 * before them, and no page slot is taken: a supervisor or a proxy asks them while the web sheds
 * pages for load, and must hear at once that the process is alive (under 200 connections on the
 * old Remix route, `/healthz` waited 72 s in the page queue).
 */
export function healthChecks(options: { apiUrl: string }): RequestHandler {
  const ready = readiness(options);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/healthz') return void res.status(200).set(HEADERS).send('ok\n');
    if (req.path === '/healthz/ready') return ready(req, res, next);
    next();
  };
}
