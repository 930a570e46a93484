import http from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { BUSY_MESSAGE, BUSY_TITLE } from './answers';
import { pageSlots, type PageSlotOptions } from './page-slots';
import { held, listen, servers, setUpWebServer, startWeb } from './test-servers';

/**
 * Overload is shed, not queued (docs/decisions/350): past the page slots and the wait they bound, a
 * read is answered 503 with Retry-After at once, and the health answers stay outside the slots.
 * No timing is asserted: each test waits for a state (a held page, an answer).
 */

setUpWebServer();

/** Resolves once `condition` holds, looking again on every turn of the event loop. */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the web under more reads than it has page slots', () => {
  it('answers a read past the bound 503 busy with Retry-After at once, while /healthz and /healthz/ready answer', async () => {
    held.length = 0;
    const web = await startWeb({ WEB_CONCURRENT_PAGES: '1', WEB_PAGE_QUEUE: '0' });
    const page = fetch(`${web}/hold`);
    await until(() => held.length === 1);

    const shed = await fetch(`${web}/explore`);
    expect(shed.status).toBe(503);
    expect(Number(shed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(shed.headers.get('content-type')).toContain('text/html');
    const text = await shed.text();
    expect(text).toContain(BUSY_TITLE);
    expect(text).toContain(BUSY_MESSAGE);
    const data = await fetch(`${web}/explore?_data=routes%2Fexplore._index`);
    expect(data.status).toBe(503);
    expect(await data.json()).toEqual({ message: BUSY_MESSAGE });

    const live = await fetch(`${web}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.text()).toBe('ok\n');
    expect((await fetch(`${web}/healthz/ready`)).status).toBe(200);
    // Assets, public files and the /api forwarding take no slot and are not shed.
    for (const path of ['/build/app-123.js', '/favicon.svg', '/api/anything']) expect((await fetch(`${web}${path}`)).status, path).toBe(200);

    held.shift()!();
    expect((await page).status).toBe(200);
    expect((await fetch(`${web}/explore`)).status).toBe(200);
  });
});

/** pageSlots alone in front of a handler whose `/hold` reads answer when a test says so. */
async function slotsServer(options: Partial<PageSlotOptions>) {
  const holds: Array<() => void> = [];
  const slots = pageSlots({ max: 1, queueMax: 100, maxWaitMs: 60_000, ...options });
  const app = express();
  app.use(slots);
  app.get('/hold', (_req, res) => void holds.push(() => res.send('held')));
  app.get('/page', (_req, res) => void res.send('page'));
  const server = http.createServer(app);
  servers.push(server);
  return { url: `http://127.0.0.1:${await listen(server)}`, holds, slots };
}

describe('the wait for a page slot', () => {
  it('is shed at the door when the wait a read can expect is longer than the bound', async () => {
    let clock = 0;
    const { url, holds, slots } = await slotsServer({ maxWaitMs: 1000, now: () => clock });
    // One read that held its slot 5 s: a place in the queue now costs about 5 s.
    const first = fetch(`${url}/hold`);
    await until(() => holds.length === 1);
    clock += 5000;
    holds.shift()!();
    await (await first).text();
    expect(slots.holdMs).toBe(5000);

    const second = fetch(`${url}/hold`);
    await until(() => holds.length === 1);
    const shed = await fetch(`${url}/page`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).not.toBeNull();
    expect(slots.waiting).toBe(0);
    holds.shift()!();
    expect(await (await second).text()).toBe('held');
  });

  it('queues a read whose expected wait is within the bound, and serves it when the slot is free', async () => {
    let clock = 0;
    const { url, holds, slots } = await slotsServer({ maxWaitMs: 1000, now: () => clock });
    const first = fetch(`${url}/hold`);
    await until(() => holds.length === 1);
    clock += 100;
    holds.shift()!();
    await (await first).text();

    const second = fetch(`${url}/hold`);
    await until(() => holds.length === 1);
    const queued = fetch(`${url}/page`);
    await until(() => slots.waiting === 1);
    holds.shift()!();
    expect(await (await queued).text()).toBe('page');
    await (await second).text();
  });

  it('answers 503 to a read still waiting when the bound has passed (the slot holder got slower)', async () => {
    const { url, holds, slots } = await slotsServer({ maxWaitMs: 20 });
    const first = fetch(`${url}/hold`);
    await until(() => holds.length === 1);
    const late = await fetch(`${url}/page`);
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).not.toBeNull();
    expect(slots.waiting).toBe(0);
    holds.shift()!();
    await (await first).text();
  });

  it('lets no read wait for a slot while the event loop is late past its bound, and serves a free slot all the same', async () => {
    let delay = 450;
    const { url, holds } = await slotsServer({ maxEventLoopDelayMs: 200, eventLoopDelay: () => delay });
    expect((await fetch(`${url}/page`)).status).toBe(200);
    const first = fetch(`${url}/hold`);
    await until(() => holds.length === 1);
    const shed = await fetch(`${url}/page`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).not.toBeNull();
    delay = 10;
    const queued = fetch(`${url}/page`);
    holds.shift()!();
    await (await first).text();
    expect((await queued).status).toBe(200);
  });

  it('opens fewer slots while reads wait and pages hold theirs past half the bound, none for a slow page alone, and all again once pages are quick', async () => {
    let clock = 0;
    const { url, holds, slots } = await slotsServer({ max: 4, maxWaitMs: 1000, now: () => clock });
    // A slow page with nobody waiting (a PDF printed by Chromium) closes no slot.
    const alone = fetch(`${url}/hold`);
    await until(() => holds.length === 1);
    clock += 2000;
    holds.shift()!();
    await (await alone).text();
    expect(slots.limit).toBe(4);

    // Four slow pages with a read waiting behind them: one fewer slot per answer.
    const slow = [1, 2, 3, 4].map(() => fetch(`${url}/hold`));
    await until(() => holds.length === 4);
    const queued = fetch(`${url}/page`);
    await until(() => slots.waiting === 1);
    clock += 2000;
    holds.shift()!();
    await until(() => slots.limit === 3);
    expect(slots.waiting).toBe(1);
    while (holds.length) holds.shift()!();
    expect(await (await queued).text()).toBe('page');
    for (const answer of slow) await (await answer).text();
    expect(slots.limit).toBeLessThan(4);

    for (let read = 0; read < 200 && slots.limit < 4; read++) {
      const quick = fetch(`${url}/hold`);
      await until(() => holds.length === 1);
      clock += 10;
      holds.shift()!();
      await (await quick).text();
    }
    expect(slots.limit).toBe(4);
  });
});
