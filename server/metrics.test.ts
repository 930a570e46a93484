import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerMetrics, serveMetrics } from './metrics';

describe('the api’s Prometheus metrics', () => {
  const app = Fastify();
  app.get('/api/projects/:id', async () => ({ ok: true }));
  app.get('/api/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return 'slow';
  });
  const metrics = registerMetrics(app, { poolStats: () => ({ total: 4, idle: 3, waiting: 1 }) });
  afterAll(() => app.close());

  it('count requests by route pattern (never the path) and status class, with their latency', async () => {
    for (const id of ['a1', 'b2', 'c3']) expect((await app.inject(`/api/projects/${id}`)).statusCode).toBe(200);
    await app.inject('/api/slow');
    await app.inject('/nowhere');
    const text = metrics.render();
    expect(text).toContain('archivista_http_requests_total{method="GET",route="/api/projects/:id",status="2xx"} 3');
    expect(text).toContain('archivista_http_requests_total{method="GET",route="unmatched",status="4xx"} 1');
    expect(text).not.toContain('a1');
    expect(text).toContain('archivista_http_request_duration_seconds_count{method="GET",route="/api/slow"} 1');
    expect(text).toContain('archivista_http_request_duration_seconds_bucket{method="GET",route="/api/slow",le="0.025"} 0');
    expect(text).toContain('archivista_http_request_duration_seconds_bucket{method="GET",route="/api/slow",le="+Inf"} 1');
    expect(text).toContain('archivista_http_requests_in_progress 0');
    expect(text).toContain('archivista_db_pool_connections{state="busy"} 1');
    expect(text).toContain('archivista_db_pool_waiting 1');
    expect(text).toMatch(/archivista_event_loop_delay_seconds\{stat="p99"\} \d/);
    expect(text).toMatch(/archivista_process_memory_bytes\{kind="rss"\} \d+/);
    // Every sample line is "name{labels} number" (the text exposition format).
    for (const line of text.trim().split('\n').filter((l) => !l.startsWith('#'))) expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? -?[\d.e+-]+$/);
  });

  it('are served on a port of their own at /metrics only', async () => {
    const server = await serveMetrics(metrics, 0, '127.0.0.1');
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      expect(await res.text()).toContain('# TYPE archivista_http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
