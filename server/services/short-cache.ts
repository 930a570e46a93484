/**
 * A map of promised values kept for `ttlMs`, emptied by `clear()` (docs/decisions/133, 177).
 * Callers that miss at the same moment share one load; a failed load is forgotten. A load that
 * started before the last `clear()` answers its caller but is not kept: a write that cleared the
 * cache while a read of the old state was under way must not see that old state cached again.
 * At `maxEntries` keys the map is emptied rather than grown, so memory stays bounded.
 */
export class ShortCache<V> {
  private readonly entries = new Map<string, { until: number; value: Promise<V> }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = load();
    if (this.ttlMs <= 0) return value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry = { until: now + this.ttlMs, value };
    const generation = this.generation;
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then(() => generation !== this.generation && forget(), forget);
    return value;
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}
