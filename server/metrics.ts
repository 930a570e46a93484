import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Prometheus metrics of one api process (README "Production"), in the text exposition format:
 * requests by method, route pattern and status class, their latency, requests in progress, the
 * PostgreSQL pool (connections, idle, queries waiting for one), the event loop's delay and the
 * process's memory. Served by a server of its own on METRICS_PORT, which the reverse proxy never
 * forwards to (it sends /api/* to the api's port only): scraped on the compose network, never public.
 */
export type Metrics = { render: () => string };

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Histogram = { counts: number[]; sum: number; count: number };

const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function registerMetrics(app: FastifyInstance, options: { poolStats?: () => { total: number; idle: number; waiting: number } } = {}): Metrics {
  const requests = new Map<string, number>();
  const durations = new Map<string, Histogram>();
  let inFlight = 0;
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();

  app.addHook('onRequest', async () => {
    inFlight++;
  });
  // Each request is counted once: when its answer is sent, or when the client went away first.
  const done = new WeakSet<object>();
  const finish = (request: { method: string; routeOptions: { url?: string } }, status: number, seconds: number) => {
    if (done.has(request)) return;
    done.add(request);
    inFlight--;
    // The route's pattern, never the path (ids would make a series per object).
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `method="${label(request.method)}",route="${label(route)}"`;
    const statusKey = `${key},status="${Math.floor(status / 100)}xx"`;
    requests.set(statusKey, (requests.get(statusKey) ?? 0) + 1);
    const histogram = durations.get(key) ?? { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
    BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) histogram.counts[i]!++;
    });
    histogram.sum += seconds;
    histogram.count++;
    durations.set(key, histogram);
  };
  app.addHook('onResponse', async (request, reply) => finish(request, reply.statusCode, reply.elapsedTime / 1000));
  app.addHook('onRequestAbort', async (request) => finish(request, 499, 0));

  return {
    render() {
      const lines: string[] = [];
      const metric = (name: string, type: string, help: string) => lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      metric('archivista_http_requests_total', 'counter', 'Requests answered, by method, route pattern and status class (499: the client went away).');
      for (const [key, value] of requests) lines.push(`archivista_http_requests_total{${key}} ${value}`);
      metric('archivista_http_request_duration_seconds', 'histogram', 'Time from the request to its answer.');
      for (const [key, histogram] of durations) {
        BUCKETS.forEach((bound, i) => lines.push(`archivista_http_request_duration_seconds_bucket{${key},le="${bound}"} ${histogram.counts[i]}`));
        lines.push(`archivista_http_request_duration_seconds_bucket{${key},le="+Inf"} ${histogram.count}`);
        lines.push(`archivista_http_request_duration_seconds_sum{${key}} ${histogram.sum}`);
        lines.push(`archivista_http_request_duration_seconds_count{${key}} ${histogram.count}`);
      }
      metric('archivista_http_requests_in_progress', 'gauge', 'Requests received and not yet answered: the work queued in this process.');
      lines.push(`archivista_http_requests_in_progress ${inFlight}`);
      const pool = options.poolStats?.();
      if (pool) {
        metric('archivista_db_pool_connections', 'gauge', 'PostgreSQL connections of the pool, by state.');
        lines.push(`archivista_db_pool_connections{state="idle"} ${pool.idle}`, `archivista_db_pool_connections{state="busy"} ${pool.total - pool.idle}`);
        metric('archivista_db_pool_waiting', 'gauge', 'Queries waiting for a free PostgreSQL connection.');
        lines.push(`archivista_db_pool_waiting ${pool.waiting}`);
      }
      metric('archivista_event_loop_delay_seconds', 'gauge', 'The event loop’s delay since the last scrape: mean, 99th percentile and max.');
      lines.push(
        `archivista_event_loop_delay_seconds{stat="mean"} ${(loop.mean || 0) / 1e9}`,
        `archivista_event_loop_delay_seconds{stat="p99"} ${loop.percentile(99) / 1e9}`,
        `archivista_event_loop_delay_seconds{stat="max"} ${loop.max / 1e9}`,
      );
      loop.reset();
      const memory = process.memoryUsage();
      metric('archivista_process_memory_bytes', 'gauge', 'The process’s memory, by kind.');
      lines.push(`archivista_process_memory_bytes{kind="rss"} ${memory.rss}`, `archivista_process_memory_bytes{kind="heap_used"} ${memory.heapUsed}`, `archivista_process_memory_bytes{kind="external"} ${memory.external}`);
      return `${lines.join('\n')}\n`;
    },
  };
}

/** The metrics at GET /metrics on `port` (all interfaces: the compose network; nothing else answers there). */
export async function serveMetrics(metrics: Metrics, port: number, host = '0.0.0.0') {
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/metrics') {
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
      response.end(metrics.render());
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  return server;
}
