/**
 * Fixed-window counters kept in memory. One api replica per limiter: behind several
 * replicas each counts on its own (see docs/decisions/004-rate-limits.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for every key; false when any key is over its limit. */
  hit(...keys: string[]): boolean {
    const now = this.now();
    let allowed = true;
    for (const key of keys) {
      let entry = this.windows.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + this.windowMs };
        this.windows.set(key, entry);
      }
      entry.count += 1;
      if (entry.count > this.max) allowed = false;
    }
    if (this.windows.size > 50_000) this.sweep(now);
    return allowed;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
