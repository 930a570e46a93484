import { describe, expect, it } from 'vitest';
import { CSRF_MESSAGE, csrfRefusal } from './csrf';

describe('csrfRefusal', () => {
  const host = 'archivista.example';
  it.each([
    ['a cross-site post', { secFetchSite: 'cross-site', origin: 'https://evil.example' }],
    ['a same-site post from a sibling origin', { secFetchSite: 'same-site', origin: 'https://evil.archivista.example' }],
    ['another port of the same host', { origin: 'https://archivista.example:8443' }],
    ['an opaque origin', { origin: 'null' }],
    ['a non-http origin', { origin: 'file://' }],
    ['a same-origin label with a foreign Origin', { secFetchSite: 'same-origin', origin: 'https://evil.example' }],
  ])('refuses %s', (_name, headers) => {
    expect(csrfRefusal({ method: 'POST', host, ...headers })).not.toBeNull();
    expect(csrfRefusal({ method: 'DELETE', host, ...headers })).not.toBeNull();
  });

  it.each([
    ['the site’s own post', { secFetchSite: 'same-origin', origin: 'https://archivista.example' }],
    ['the default port written out in Host', { origin: 'https://archivista.example', hostOverride: 'archivista.example:443' }],
    ['a user-typed navigation', { secFetchSite: 'none' }],
    ['a client that is not a browser', {}],
    ['the configured public origin behind a proxy that rewrites Host', { origin: 'https://archivista.example', hostOverride: 'web:3000', allowedOrigins: ['https://archivista.example'] }],
  ])('lets through %s', (_name, { hostOverride, ...headers }: Record<string, unknown>) => {
    expect(csrfRefusal({ method: 'POST', host: (hostOverride as string) ?? host, ...(headers as object) })).toBeNull();
  });

  it('tells the site’s operator what to set when the browser vouches for its own page but Host names another address', () => {
    const proxied = { method: 'POST', host: 'web:3000', origin: 'https://archivista.example', secFetchSite: 'same-origin' };
    expect(csrfRefusal(proxied)?.message).toMatch(/set PUBLIC_URL to https:\/\/archivista\.example/);
    expect(csrfRefusal({ ...proxied, secFetchSite: undefined })?.message).toBe(CSRF_MESSAGE);
    expect(csrfRefusal({ ...proxied, allowedOrigins: ['https://archivista.example'] })).toBeNull();
  });

  it('never refuses reads', () => {
    expect(csrfRefusal({ method: 'GET', host, origin: 'https://evil.example', secFetchSite: 'cross-site' })).toBeNull();
  });
});
