/** The part of autocannon's programmatic api that scripts/bench.ts uses (the package ships no types). */
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '3xx': number;
    /** Answers by status code (`'304': { count }`). */
    statusCodeStats?: Record<string, { count: number }>;
    duration: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** A number of requests to send instead of a duration. */
    amount?: number;
    pipelining?: number;
    /** Seconds before a request counts as a timeout (autocannon's default: 10). */
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
  };
  /** A run: a promise of its result that also reports each answer (status, bytes, milliseconds) as it comes. */
  export type Instance = Promise<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
  };
  export default function autocannon(options: Options): Instance;
}
