import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;
const SAMPLE_MS = 500;

/**
 * The web's event-loop delay in milliseconds (docs/decisions/350), measured as
 * @fastify/under-pressure measures the api's: the mean lateness of a 10 ms timer over a sample of
 * half a second, less those 10 ms. What it answers is the lower of the last two samples: the loop
 * has been late by at least that much for a whole second. One page rendered in 600 ms on a busy
 * machine is one late timer in one sample, and must not turn the next visitors away; a loop that
 * stays late is overload. One sampler per process, started by the first caller; its timer does not
 * keep the process alive.
 */
let read: (() => number) | null = null;

export function eventLoopDelay(): () => number {
  if (read) return read;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let previous = 0;
  let sustained = 0;
  setInterval(() => {
    const mean = histogram.mean / 1e6 - RESOLUTION_MS;
    // No sample in a whole interval: the loop was blocked all along.
    const latest = Number.isNaN(mean) ? Infinity : Math.max(0, mean);
    sustained = Math.min(previous, latest);
    previous = latest;
    histogram.reset();
  }, SAMPLE_MS).unref();
  read = () => sustained;
  return read;
}
