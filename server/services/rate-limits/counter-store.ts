/**
 * Where the rate-limit counters live: fixed-window counters by key. Three kinds keep the same
 * contract (counter-store.contract.test.ts): PostgreSQL and Redis, which every api replica shares,
 * and this process's memory, for the embedded default only (one process, PGlite).
 * Times are milliseconds of the caller's clock, so tests can move time.
 */
export type Counter = {
  count: number;
  /** When the window that `count` counts in ends (the counter is gone after it). */
  windowEndsAt: number;
  /** When the last hit was counted. */
  lastAt: number;
};

export interface CounterStore {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** The running counters of `keys`, in order; null for a key without one. */
  read(keys: string[], now: number): Promise<Array<Counter | null>>;
  /** Counts one hit under each key (starting a window of `windowMs` when none runs); the counters after it. */
  hit(keys: string[], windowMs: number, now: number): Promise<Counter[]>;
  /** Takes one hit back from each running counter (never below 0): an attempt that turned out not to count. */
  release(keys: string[], now: number): Promise<void>;
  /** Forgets the keys. */
  clear(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

/** Counters in this process's memory (the embedded default: a single api process). */
export class MemoryCounterStore implements CounterStore {
  readonly kind = 'memory';
  private readonly counters = new Map<string, Counter>();
  private lastSweep = 0;

  async read(keys: string[], now: number) {
    return keys.map((key) => {
      const counter = this.counters.get(key);
      return counter && counter.windowEndsAt > now ? { ...counter } : null;
    });
  }

  async hit(keys: string[], windowMs: number, now: number) {
    this.sweep(now);
    return keys.map((key) => {
      let counter = this.counters.get(key);
      if (!counter || counter.windowEndsAt <= now) {
        counter = { count: 0, windowEndsAt: now + windowMs, lastAt: now };
        this.counters.set(key, counter);
      }
      counter.count += 1;
      counter.lastAt = now;
      return { ...counter };
    });
  }

  async release(keys: string[], now: number) {
    for (const key of keys) {
      const counter = this.counters.get(key);
      if (counter && counter.windowEndsAt > now) counter.count = Math.max(0, counter.count - 1);
    }
  }

  async clear(keys: string[]) {
    for (const key of keys) this.counters.delete(key);
  }

  async close() {
    this.counters.clear();
  }

  /** Drops ended windows now and then, so memory stays bounded by the keys of one window. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, counter] of this.counters) if (counter.windowEndsAt <= now) this.counters.delete(key);
  }
}
