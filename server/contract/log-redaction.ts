/**
 * What a request log may print of a url (docs/decisions/245): the database keeps
 * share-link and iCal tokens hashed, so a log line must not hold them in clear. One function for
 * both processes (the api's request log, the web's), so a new secret-carrying url is redacted in
 * one place.
 */

export const REDACTED = '[redacted]';

/**
 * Path segments that are secrets by where they stand: the segment after each of these prefixes.
 * `/share/{token}` (web page and `/api/share/{token}/…`), `/api/calendar/feed/{token}.ics`, the
 * sign-up mail's address link `/confirm-address/{token}` and its api call (docs/decisions/340).
 */
const SECRET_AFTER: readonly (readonly string[])[] = [['share'], ['calendar', 'feed'], ['confirm-address'], ['users', 'address-confirmation']];

/** Query keys whose value is a secret: `?token=`, `?code=`, `?otp=`, a reset or confirmation code, a signature, a key. */
const SECRET_KEY = /token|secret|password|otp|signature|^(code|key|sig|hash|auth)$|[_-](code|key)$|(reset|confirm|verif|auth)[a-z]*[_-]?code$/i;

/**
 * A segment shaped like a random token (32 or more base64url characters mixing upper case, lower
 * case and digits, an extension allowed): caught even on a url not listed above. The ids of this
 * product (UUIDs, 24 lower-case hex image ids) and words do not match.
 */
const TOKEN_SHAPED = /^(?=[^.]*[A-Z])(?=[^.]*[a-z])(?=[^.]*\d)[A-Za-z0-9_-]{32,}(\.[A-Za-z0-9]{1,8})?$/;

function redactPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      if (!segment) return segment;
      const follows = SECRET_AFTER.some((prefix) => i >= prefix.length && prefix.every((word, j) => segments[i - prefix.length + j] === word));
      return follows || TOKEN_SHAPED.test(segment) ? REDACTED : segment;
    })
    .join('/');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const key = pair.slice(0, eq);
      return SECRET_KEY.test(safeDecode(key)) || TOKEN_SHAPED.test(safeDecode(pair.slice(eq + 1))) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A request's url (path and query, as the request line had it) with every secret replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactPath(url);
  return `${redactPath(url.slice(0, q))}?${redactQuery(url.slice(q + 1))}`;
}
