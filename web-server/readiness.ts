import type { RequestHandler } from 'express';

/**
 * `GET /healthz/ready`: the web is ready when the api behind it is (its `/api/health`: database and
 * file storage). `/healthz` stays the web's liveness answer (web-server/health.ts). A proxy sends
 * pages only to a ready web (deploy/Caddyfile).
 */
export function readiness(options: { apiUrl: string; timeoutMs?: number }): RequestHandler {
  const url = new URL('/api/health', options.apiUrl).toString();
  return async (_req, res) => {
    let ready: boolean;
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 2500) });
      ready = answer.ok;
      await answer.body?.cancel();
    } catch {
      ready = false;
    }
    res.status(ready ? 200 : 503).set({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).send(ready ? 'ready\n' : 'the api is not ready\n');
  };
}
