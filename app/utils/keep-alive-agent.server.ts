import http from 'node:http';
import https from 'node:https';

/**
 * How long an idle connection to the api is kept for reuse. Node's Agent only honours a server's
 * `Keep-Alive: timeout=N` hint (closing a second early) when it has a timeout of its own: without
 * one an idle socket is kept forever, and a call can be written to a socket the server is closing
 * at that moment, which fails with ECONNRESET (a streamed upload cannot be sent again). The api
 * keeps idle connections 5 s and says so (KEEP_ALIVE_TIMEOUT_MS, docs/decisions/380), so the
 * agent closes them after 4 s; this bound is for a server that sends no hint.
 */
export const IDLE_SOCKET_MS = 30_000;

/**
 * A keep-alive agent for the web's calls to the api (docs/decisions/137, 194). `timeout` also
 * applies to a socket in use, where it only emits 'timeout' on the request: a long call is not cut.
 */
export function keepAliveAgent(protocol: 'http:' | 'https:', options: { maxSockets?: number } = {}): http.Agent {
  const settings = { keepAlive: true, timeout: IDLE_SOCKET_MS, ...options };
  return protocol === 'https:' ? new https.Agent(settings) : new http.Agent(settings);
}
