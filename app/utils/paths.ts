/** The spec's matcher: `/` matches only exactly, any other path matches by prefix. */
export function matchesPath(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

const BASE = 'http://same-origin.invalid';
/** Characters browsers drop (tab, newline) or read as `/` (backslash) when they resolve a URL. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const UNSAFE = /[\u0000-\u001f\u007f\\]/;
/** `//host` or `/\host`: a path that a browser reads as another site. */
const OTHER_SITE = /^\/[/\\]/;

function decodes(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * A redirect target that stays on this site: `value` when it is a path of this
 * origin, normalised (`/a/./b` → `/a/b`), otherwise `fallback`. Refused: anything not starting with
 * one `/`, `//x`, `/\x`, `https:…`, `/.//evil.example/…` (which normalises to `//evil.example/…`),
 * control characters, and the same tricks percent-encoded (`/%2F%2Fevil.example`).
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/') || UNSAFE.test(value) || OTHER_SITE.test(value)) return fallback;
  const decoded = decodes(value);
  if (decoded === null || UNSAFE.test(decoded) || OTHER_SITE.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const pathname = decodes(url.pathname);
  if (pathname === null || OTHER_SITE.test(url.pathname) || OTHER_SITE.test(pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in (or sign-up) view that brings the visitor back to `back` afterwards, a same-site path
 * checked again with safeRedirectPath when the form answers (docs/decisions/385).
 */
export function signInHref(back: string, view: 'login' | 'signup' = 'login'): string {
  return `/?view=${view}&redirectTo=${encodeURIComponent(back)}#auth`;
}

/** The `redirectTo` of a sign-in form: a same-site path, else the page a new session starts on. */
export const signedInTarget = (value: unknown) => safeRedirectPath(value, '/explore');
