import type { Server } from 'node:http';

/**
 * A replica's stop that fails no request (docs/decisions/380). From `drain(ms)` on, every answer
 * carries `Connection: close`, so the proxy and the web send their next request on a new
 * connection, while the idle connections they hold are closed on their side (their idle timeouts,
 * the Caddyfile's `keepalive` and the hint above, are shorter than the drain) rather than by this
 * server under a request being written. The replica still serves meanwhile: the proxy's DNS lists
 * it until it exits. When the drain ends the caller closes the listener; a new connection is then
 * refused, which the proxy and the web's api client retry on another replica (nothing was sent).
 */
export function drainable(server: Server) {
  let draining = false;
  // First of the request listeners: the header is set before Fastify or Express answer.
  server.prependListener('request', (_request, response) => {
    if (draining) response.setHeader('connection', 'close');
  });
  return {
    get draining() {
      return draining;
    },
    /** Starts the drain; resolves after `ms`. */
    drain(ms: number): Promise<void> {
      draining = true;
      return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
    },
  };
}
