import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from './answers';
import { RENDERER_DOWN_MESSAGE } from './gate';
import { held, heldGone, setUpWebServer, startGatedWeb } from './test-servers';

/**
 * The web's gate in front of its renderer (docs/decisions/429): health and shedding answered by the
 * gate alone, the visitor's address worked out once, bodies and answers streamed both ways, a
 * visitor who leaves taking the renderer's work with them, a renderer away answered with a page.
 * No timing is asserted: each test waits for a state.
 */

setUpWebServer();

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the gate in front of the renderer', () => {
  it('passes a page on with the visitor’s one address (a forged X-Forwarded-For is dropped) and streams a post’s body', async () => {
    const { url } = await startGatedWeb();
    const read = await fetch(`${url}/explore`, {
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' },
    });
    expect(read.status).toBe(200);
    const seen = (await read.json()) as { forwardedFor: string; nonce: string };
    expect(seen.forwardedFor).toBe('127.0.0.1');
    expect(seen.nonce).toMatch(/.{16,}/);
    expect(read.headers.get('content-security-policy')).toContain(`'nonce-${seen.nonce}'`);

    const body = 'a'.repeat(200_000);
    const posted = await fetch(`${url}/upload`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'text/plain',
        origin: url,
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(posted.status).toBe(200);
    expect(((await posted.json()) as { bytes: number }).bytes).toBe(body.length);
  });

  it('answers /healthz itself and turns a read past the slots away with a quick 503, while the renderer holds every slot', async () => {
    held.length = 0;
    const { url } = await startGatedWeb({
      WEB_CONCURRENT_PAGES: '1',
      WEB_PAGE_QUEUE: '0',
    });
    const page = fetch(`${url}/hold`);
    await until(() => held.length === 1);

    const live = await fetch(`${url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.text()).toBe('ok\n');
    const shed = await fetch(`${url}/explore?_data=routes%2Fexplore`);
    expect(shed.status).toBe(503);
    expect(Number(shed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await shed.json()).toEqual({ message: BUSY_MESSAGE });
    // Assets and the api forwarding take no page slot at the gate either.
    expect((await fetch(`${url}/build/app-123.js`)).status).toBe(200);

    held.shift()!();
    expect((await page).status).toBe(200);
    expect((await fetch(`${url}/explore`)).status).toBe(200);
  });

  it('closes the renderer’s request when the visitor goes away', async () => {
    held.length = 0;
    heldGone.length = 0;
    const { url } = await startGatedWeb();
    const request = http.get(`${url}/hold`);
    request.on('error', () => undefined);
    await until(() => held.length === 1);
    request.destroy();
    await until(() => heldGone.length === 1);
    expect(heldGone).toEqual(['/hold']);
    held.length = 0;
  });

  it('answers a 503 page with Retry-After while the renderer is away, says it is not ready, and serves again once it is back', async () => {
    const { url, renderer } = await startGatedWeb();
    expect((await fetch(`${url}/explore`)).status).toBe(200);
    await renderer.stop();
    renderer.setReady(false);
    const down = await fetch(`${url}/explore`, {
      headers: { accept: 'text/html' },
    });
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.text()).toContain(RENDERER_DOWN_MESSAGE);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/healthz/ready`)).status).toBe(503);

    await renderer.start();
    renderer.setReady(true);
    expect((await fetch(`${url}/explore`)).status).toBe(200);
    expect((await fetch(`${url}/healthz/ready`)).status).toBe(200);
  });
});
