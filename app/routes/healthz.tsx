/**
 * The web's own liveness answer: no api call, no rendering. Load balancers can poll it, and the
 * benchmark uses it as the baseline of the web server (scripts/bench.ts).
 */
export function loader() {
  return new Response('ok\n', { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
