/**
 * Overload in `npm run bench` (docs/decisions/350; `BENCH_ONLY=overload` for this part alone): 200
 * connections for 30 s on each of the signed-in `/explore` (an explorer) and `/workspace/invoices`
 * (a firm owner), one after the other. For each it prints what was served (2xx) and how fast, the
 * share of 503s and how quick they were, time-outs (no answer in 10 s) and errors, and the latency
 * of the web's `/healthz` and the api's `/api/health/live` sampled every 250 ms during the run from
 * a worker thread of their own (its own event loop, so the load generator's busy loop does not
 * delay the samples), each on a fresh connection as a supervisor or a proxy asks.
 * Goal: served p99 ≤ 2 s, no time-out, `/healthz` ≤ 100 ms throughout. Knobs:
 * BENCH_OVERLOAD_CONNECTIONS (200), BENCH_OVERLOAD_SECONDS (30).
 */
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

const CONNECTIONS = Number(process.env.BENCH_OVERLOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 30);
/** Seconds without an answer after which a request counts as a time-out (autocannon's default). */
const TIMEOUT_SECONDS = 10;
const FIRM = 'studio@demo.test';

export type OverloadProduct = {
  webUrl: string;
  apiUrl: string;
  /** The signed-in explorer's web cookie. */
  cookie: string;
  signIn: (email: string) => Promise<{ cookie: string }>;
};

/** The health sampler: plain JavaScript, run as a worker thread's script. */
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const samples = Object.fromEntries(workerData.urls.map((url) => [url, []]));
let stop = false;
parentPort.on('message', () => (stop = true));
function ask(url) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(url, { agent: false, timeout: 10000 }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ ms: performance.now() - started, status: answer.statusCode }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
  });
}
(async () => {
  while (!stop) {
    const round = performance.now();
    for (const url of workerData.urls) samples[url].push(await ask(url));
    const rest = 250 - (performance.now() - round);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  parentPort.postMessage(samples);
})();
`;

type Sample = { ms: number; status: number };

function startSampler(urls: string[]): () => Promise<Record<string, Sample[]>> {
  const worker = new Worker(SAMPLER, { eval: true, workerData: { urls } });
  const result = new Promise<Record<string, Sample[]>>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    const samples = await result;
    await worker.terminate();
    return samples;
  };
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)}`);

function healthLine(name: string, samples: Sample[]): string {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failed = samples.filter((s) => s.status !== 200).length;
  const over = samples.filter((s) => s.ms > 100).length;
  return `${name} ${samples.length} samples: p50 ${ms(quantile(times, 0.5))}, p99 ${ms(quantile(times, 0.99))}, max ${ms(times.at(-1) ?? NaN)} ms; over 100 ms: ${over}; not 200: ${failed}`;
}

/** One page under CONNECTIONS connections for SECONDS: its report lines. */
async function overloadPage(p: OverloadProduct, name: string, pathname: string, cookie: string): Promise<string[]> {
  const url = `${p.webUrl}${pathname}`;
  const headers = { cookie };
  const check = await fetch(url, { headers, redirect: 'manual' });
  if (check.status !== 200) throw new Error(`${url} answered ${check.status}, not 200`);
  await check.arrayBuffer();
  // A short warm-up at a sustainable load: the first pages compile and fill the caches.
  await autocannon({ url, headers, connections: 4, amount: 200 });

  const served: number[] = [];
  const shed: number[] = [];
  const other = new Map<number, number>();
  const stopSampler = startSampler([`${p.webUrl}/healthz`, `${p.apiUrl}/api/health/live`]);
  const run = autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, timeout: TIMEOUT_SECONDS });
  run.on('response', (_client, status, _bytes, time) => {
    if (status >= 200 && status < 300) served.push(time);
    else if (status === 503) shed.push(time);
    else other.set(status, (other.get(status) ?? 0) + 1);
  });
  const result = await run;
  const samples = await stopSampler();

  served.sort((a, b) => a - b);
  shed.sort((a, b) => a - b);
  const answered = served.length + shed.length + [...other.values()].reduce((a, b) => a + b, 0);
  const share = answered ? (100 * shed.length) / answered : 0;
  const others = [...other].map(([status, n]) => `${n}× ${status}`).join(', ') || 'none';
  return [
    `  ${name}: ${answered} answers in ${SECONDS} s (${(answered / SECONDS).toFixed(0)}/s)`,
    `    served (2xx): ${served.length} (${(served.length / SECONDS).toFixed(1)}/s), p50 ${ms(quantile(served, 0.5))} ms, p99 ${ms(quantile(served, 0.99))} ms, max ${ms(served.at(-1) ?? NaN)} ms (goal: p99 ≤ 2000)`,
    `    503 busy: ${shed.length} (${share.toFixed(1)}% of answers), p50 ${ms(quantile(shed, 0.5))} ms, p99 ${ms(quantile(shed, 0.99))} ms`,
    `    other answers: ${others}; time-outs (> ${TIMEOUT_SECONDS} s): ${result.timeouts}; connection errors: ${result.errors - result.timeouts} (goal: no time-out)`,
    `    ${healthLine('web /healthz', samples[`${p.webUrl}/healthz`] ?? [])} (goal ≤ 100 ms throughout)`,
    `    ${healthLine('api /api/health/live', samples[`${p.apiUrl}/api/health/live`] ?? [])}`,
  ];
}

export async function benchOverload(p: OverloadProduct): Promise<string[]> {
  const firm = await p.signIn(FIRM);
  const lines = [`Overload: ${CONNECTIONS} connections for ${SECONDS} s per page; health sampled every 250 ms, a fresh connection each (ms):`];
  lines.push(...(await overloadPage(p, '/explore (signed in, explorer)', '/explore', p.cookie)));
  // The web and the api settle before the next page (their queues drained, the loop calm).
  await new Promise((resolve) => setTimeout(resolve, 5000));
  lines.push(...(await overloadPage(p, '/workspace/invoices (firm owner)', '/workspace/invoices', firm.cookie)));
  return lines;
}
