/**
 * The stop of a replica (server/http-drain.ts, docs/decisions/380), shared by the api's and the
 * web's configuration.
 */

/** SHUTDOWN_DRAIN_SECONDS at most: the seconds a stopping replica keeps serving before it closes. */
export const MAX_DRAIN_SECONDS = 120;

/**
 * How long the api and the web keep an idle keep-alive connection, and the `Keep-Alive: timeout`
 * hint they send: the clients that honour it (the web's agents close a second earlier) and the
 * proxy (the Caddyfile's `keepalive`, shorter) close idle connections before the server would, so
 * a request is never written to a socket the server is closing.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
