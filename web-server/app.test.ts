import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DATA_REQUEST_HEADER } from '../app/utils/data-request.server';
import { createWebApp } from './app';
import { loadWebServerConfig } from './config';
import http from 'node:http';
import { apiSeen, remix, assets, realRemix, startWeb, web, setUpWebServer } from './test-servers';

/**
 * The web server in front of a stand-in Remix handler and a stand-in api, over real sockets:
 * what reaches Remix and the api, and what is refused before a body is read.
 */

setUpWebServer();

describe('the visitor address', () => {
  it('replaces a forged X-Forwarded-For before Remix and before the api', async () => {
    const page = await fetch(`${web}/explore`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect((await page.json()).forwardedFor).toBe('127.0.0.1');
    apiSeen.length = 0;
    await fetch(`${web}/api/users/me`, { headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7', forwarded: 'for=6.6.6.6' } });
    expect(apiSeen[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(apiSeen[0]!.headers.forwarded).toBeUndefined();
  });

  it('believes X-Forwarded-For only from a proxy named by TRUST_PROXY', async () => {
    const behindProxy = await startWeb({ TRUST_PROXY: 'loopback' });
    const page = await fetch(`${behindProxy}/explore`, { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } });
    // The proxy appended the address it saw; what the visitor wrote before it is not believed.
    expect((await page.json()).forwardedFor).toBe('203.0.113.9');
    const otherProxy = await startWeb({ TRUST_PROXY: '10.0.0.0/8' });
    const direct = await fetch(`${otherProxy}/explore`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect((await direct.json()).forwardedFor).toBe('127.0.0.1');
  });

  it('refuses TRUST_PROXY=true and a malformed proxy address at start', () => {
    expect(() => loadWebServerConfig({ TRUST_PROXY: 'true' })).toThrow(/name the proxy/);
    expect(() => createWebApp({
      config: loadWebServerConfig({ TRUST_PROXY: 'not-an-address' }),
      remix,
      assets: { publicPath: '/build/', directory: assets },
      log: pino({ level: 'silent' }),
    })).toThrow();
  });
});

describe('readiness and the request id', () => {
  it('answers /healthz/ready while the api answers its health, and 503 while it does not', async () => {
    expect((await fetch(`${web}/healthz/ready`)).status).toBe(200);
    const orphan = await startWeb({ API_URL: 'http://127.0.0.1:1' });
    const down = await fetch(`${orphan}/healthz/ready`);
    expect(down.status).toBe(503);
    expect(await down.text()).toContain('not ready');
  });

  it('passes the proxy’s request id on to the api and back to the client, and replaces an odd one', async () => {
    apiSeen.length = 0;
    const answer = await fetch(`${web}/api/anything`, { headers: { 'x-request-id': 'caddy-1234' } });
    expect(answer.headers.get('x-request-id')).toBe('caddy-1234');
    expect(apiSeen[0]!.headers['x-request-id']).toBe('caddy-1234');
    const odd = await fetch(`${web}/api/anything`, { headers: { 'x-request-id': 'a b' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('Remix data requests', () => {
  it('are marked for the loaders (which never see `_data`), and a visitor cannot send the mark on a page load', async () => {
    const data = await fetch(`${web}/explore?page=2&index&_data=routes%2Fexplore._index`);
    expect((await data.json()).dataRequest).toBe('1');
    const page = await fetch(`${web}/explore?page=2`, { headers: { [DATA_REQUEST_HEADER]: '1' } });
    expect((await page.json()).dataRequest).toBeNull();
  });
});

describe('the CSRF check', () => {
  const post = (url: string, headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'intent=login' });

  it('refuses a post from another site, a sibling origin or an opaque origin, for pages, data requests and resource routes', async () => {
    const host = new URL(web).host;
    for (const [url, headers] of [
      [`${web}/?index`, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }],
      [`${web}/?index&_data=routes%2F_index`, { origin: 'http://evil.example' }],
      [`${web}/portfolio/edit-project/1?_data=routes%2Fportfolio.edit-project.%24projectId`, { origin: `http://${host.replace('127.0.0.1', 'localhost')}` }],
      [`${web}/resources/register-firm`, { 'sec-fetch-site': 'same-site', origin: `http://127.0.0.1:1` }],
      [`${web}/auth/social`, { origin: 'null' }],
      [`${web}/logout`, { 'sec-fetch-site': 'same-site' }],
    ] as const) {
      const res = await post(url, headers);
      expect(res.status, `${url} ${JSON.stringify(headers)}`).toBe(403);
    }
    const data = await post(`${web}/?index&_data=routes%2F_index`, { origin: 'http://evil.example' });
    expect((await data.json()).message).toMatch(/another site/);
  });

  it('lets through the site’s own posts and clients that are not browsers', async () => {
    const origin = new URL(web).origin;
    expect((await post(`${web}/?index`, { origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post(`${web}/?index`, { 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await post(`${web}/?index`, {})).status).toBe(200);
    expect((await fetch(`${web}/explore`, { headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });

  it('leaves the /api forwarding alone, which carries no cookies', async () => {
    apiSeen.length = 0;
    const res = await post(`${web}/api/users/login`, { origin: 'http://evil.example', cookie: '__session=abc' });
    expect(res.status).toBe(200);
    expect(apiSeen[0]!.headers.cookie).toBeUndefined();
  });
});

describe('security headers', () => {
  it('are on every answer, with a fresh nonce for each page', async () => {
    const first = await fetch(`${web}/explore`);
    const second = await fetch(`${web}/explore`);
    const csp = first.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline\' \'nonce'); // scripts: nonce only
    const nonce = (await first.json()).nonce;
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect((await second.json()).nonce).not.toBe(nonce);
    for (const res of [first, await fetch(`${web}/build/app-123.js`), await fetch(`${web}/api/health`), await fetch(`${web}/favicon.svg`)]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('let the site frame a project file (the PDF preview) and leave the file its own policy from the api', async () => {
    const page = (await fetch(`${web}/workspace/project/filesdetails/a/b`)).headers;
    expect(page.get('content-security-policy')).toContain("frame-src 'self'");
    expect(page.get('x-frame-options')).toBe('DENY');
    const file = (await fetch(`${web}/workspace/project/file/0123456789abcdef01234567?inline=1`)).headers;
    // The route's answer carries the api's policy and nosniff (the e2e journeys check them).
    expect(file.get('content-security-policy')).toBeNull();
    expect(file.get('x-content-type-options')).toBeNull();
    expect(file.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('add HSTS when the public URL is https, and the sign-in providers only when configured', async () => {
    const https = await startWeb({ PUBLIC_URL: 'https://archivista.example', GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' });
    const res = await fetch(`${https}/`);
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('content-security-policy')).toContain('script-src \'self\'');
    expect(res.headers.get('content-security-policy')).toContain('https://accounts.google.com');
    expect((await fetch(`${web}/`)).headers.get('content-security-policy')).not.toContain('google');
  });
});

describe('the one origin check, in front of Remix itself', () => {
  /** A form post with the headers a browser and a proxy would send (fetch may not set Host). */
  const formPost = (url: string, headers: Record<string, string>) =>
    new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      });
      req.on('error', reject);
      req.end('intent=save');
    });

  it('lets the site’s own post through a proxy that rewrites Host, where Remix alone answered 500', async () => {
    const site = await startWeb({ PUBLIC_URL: 'https://archivista.example' }, undefined, realRemix());
    const answer = await formPost(`${site}/`, { origin: 'https://archivista.example', 'sec-fetch-site': 'same-origin', host: 'web:3000' });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/done');
    // The default port or capitals written out in Host, which Remix compares letter for letter.
    const port = await formPost(`${site}/`, { origin: 'https://archivista.example', host: 'Archivista.example:443' });
    expect(port.status).toBe(302);
  });

  it('answers 403 saying what to set when the browser vouches for the page but the server was reached under another name', async () => {
    const site = await startWeb({ PUBLIC_URL: 'http://localhost:3000' }, undefined, realRemix());
    const answer = await formPost(`${site}/`, { origin: 'https://archivista.example', 'sec-fetch-site': 'same-origin', host: 'web:3000' });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('set PUBLIC_URL to https://archivista.example');
    // Without the browser's word it is a post from another site, as before.
    const foreign = await formPost(`${site}/`, { origin: 'https://archivista.example', host: 'web:3000' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('came from another site');
  });

  it('still lets Remix answer the site’s ordinary post, and refuses another site’s', async () => {
    const site = await startWeb({}, undefined, realRemix());
    const host = new URL(site).host;
    expect((await formPost(`${site}/`, { origin: site, 'sec-fetch-site': 'same-origin', host })).status).toBe(302);
    expect((await formPost(`${site}/`, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', host })).status).toBe(403);
  });
});
