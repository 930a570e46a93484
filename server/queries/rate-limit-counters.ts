import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { rateLimitCounters } from '../db/schema/index.js';
import type { Counter, CounterStore } from '../services/rate-limits/counter-store.js';

const SWEEP_EVERY_MS = 5 * 60 * 1000;

const toCounter = (row: typeof rateLimitCounters.$inferSelect): Counter => ({
  count: row.count,
  windowEndsAt: row.windowEndsAt.getTime(),
  lastAt: row.lastAt.getTime(),
});

/**
 * Counters in the `rate_limit_counters` table: every api replica on the database sees the same.
 * A hit is one upsert whose conflict branch starts a new window when the stored one has ended,
 * so simultaneous hits from several replicas add up exactly.
 */
export class PostgresCounterStore implements CounterStore {
  readonly kind = 'postgres';
  private lastSweep = 0;

  constructor(private readonly db: Database) {}

  async read(keys: string[], now: number) {
    const rows = await this.db
      .select()
      .from(rateLimitCounters)
      .where(and(inArray(rateLimitCounters.key, keys), gt(rateLimitCounters.windowEndsAt, new Date(now))));
    const byKey = new Map(rows.map((row) => [row.key, toCounter(row)]));
    return keys.map((key) => byKey.get(key) ?? null);
  }

  async hit(keys: string[], windowMs: number, now: number) {
    await this.sweep(now);
    const at = new Date(now);
    const ended = sql`${rateLimitCounters.windowEndsAt} <= excluded.last_at`;
    // Sorted keys: two hits on the same keys lock their rows in the same order (no deadlock).
    const unique = [...new Set(keys)].sort();
    const rows = await this.db
      .insert(rateLimitCounters)
      .values(unique.map((key) => ({ key, count: 1, windowEndsAt: new Date(now + windowMs), lastAt: at })))
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${ended} then 1 else ${rateLimitCounters.count} + 1 end`,
          windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
          lastAt: sql`excluded.last_at`,
        },
      })
      .returning();
    const byKey = new Map(rows.map((row) => [row.key, toCounter(row)]));
    return keys.map((key) => byKey.get(key)!);
  }

  async release(keys: string[], now: number) {
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(and(inArray(rateLimitCounters.key, keys), gt(rateLimitCounters.windowEndsAt, new Date(now))));
  }

  async clear(keys: string[]) {
    await this.db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, keys));
  }

  async close() {}

  /** Deletes ended windows every few minutes (from whichever replica hits first), so the table stays small. */
  private async sweep(now: number) {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, new Date(now)));
  }
}
