/**
 * The signed-out showcase's caching in `npm run bench` (docs/decisions/388; `BENCH_ONLY=showcase`):
 * signed-out `/explore` and a project page, each as a first render (no validator), a revalidation
 * answered 304 (If-None-Match with the page's ETag) and a cached hit (a stand-in shared cache in
 * front of the web that keeps an answer for its `s-maxage`, as a CDN or the proxy would), at 16 and
 * 200 connections. Figures only.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { freePort } from './instance';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);

type Stored = { status: number; headers: Record<string, string>; body: Buffer; until: number };

/** A shared cache of the smallest kind: GETs without a cookie, kept for `s-maxage` seconds. */
async function standInCache(origin: string): Promise<{ url: string; close: () => Promise<void> }> {
  const store = new Map<string, Stored>();
  const server = http.createServer(async (req, res) => {
    const key = req.url ?? '/';
    const hit = store.get(key);
    if (hit && hit.until > Date.now()) {
      res.writeHead(hit.status, { ...hit.headers, age: '1', 'x-cache': 'hit' });
      return res.end(hit.body);
    }
    const answer = await fetch(`${origin}${key}`, { redirect: 'manual' });
    const body = Buffer.from(await answer.arrayBuffer());
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
    });
    const maxAge = /(?:^|,)\s*public\b.*s-maxage=(\d+)/.exec(answer.headers.get('cache-control') ?? '')?.[1];
    if (answer.status === 200 && maxAge) store.set(key, { status: 200, headers, body, until: Date.now() + Number(maxAge) * 1000 });
    res.writeHead(answer.status, { ...headers, 'x-cache': 'miss' });
    res.end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function measure(url: string, headers: Record<string, string>, connections: number) {
  await autocannon({ url, headers, connections, duration: 1 });
  const r = await autocannon({ url, headers, connections, duration: DURATION, timeout: 60 });
  return `${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  (2xx ${r['2xx']}, 304 ${r.statusCodeStats?.['304']?.count ?? 0}, other ${r.non2xx - (r.statusCodeStats?.['304']?.count ?? 0)}, errors ${r.errors + r.timeouts})`;
}

export async function benchShowcaseCache(p: { webUrl: string; projectId: string }): Promise<string[]> {
  const lines = [`Signed-out showcase (decision 388): first render, 304, cached hit; ${DURATION} s each, loopback`];
  const cache = await standInCache(p.webUrl);
  try {
    for (const path of ['/explore', `/explore/${p.projectId}`]) {
      const first = await fetch(`${p.webUrl}${path}`);
      await first.arrayBuffer();
      const etag = first.headers.get('etag');
      lines.push(`  ${path}  (Cache-Control: ${first.headers.get('cache-control')}; ETag ${etag ? 'yes' : 'none'})`);
      for (const connections of [16, 200]) {
        lines.push(`    ${String(connections).padStart(3)} conn. first render  ${await measure(`${p.webUrl}${path}`, {}, connections)}`);
        if (etag) lines.push(`    ${String(connections).padStart(3)} conn. 304           ${await measure(`${p.webUrl}${path}`, { 'if-none-match': etag }, connections)}`);
        lines.push(`    ${String(connections).padStart(3)} conn. cached hit    ${await measure(`${cache.url}${path}`, {}, connections)}`);
      }
    }
  } finally {
    await cache.close();
  }
  return lines;
}
