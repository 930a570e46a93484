/**
 * The request id carried from the reverse proxy through the web to the api: one id per
 * visitor request on every log line it causes, in the header Caddy sets (deploy/Caddyfile). A
 * missing or odd value (anything but a short token) is replaced by a fresh one.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const SHAPE = /^[A-Za-z0-9._:-]{1,100}$/;

export function requestIdFrom(value: string | string[] | undefined | null): string {
  const given = Array.isArray(value) ? value[0] : value;
  return given && SHAPE.test(given) ? given : crypto.randomUUID();
}
