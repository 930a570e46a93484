import { Redis } from 'ioredis';
import type { Counter, CounterStore } from './counter-store.js';

/**
 * One hash per key: c (count), e (window end), l (last hit). Each script runs atomically in
 * Redis, so simultaneous hits from several replicas add up exactly. Redis drops a key itself
 * (PEXPIRE) a little after its window, measured on Redis's clock; the window end the api compares
 * is its own clock's.
 */
const HIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local out = {}
for i, key in ipairs(KEYS) do
  local ends = tonumber(redis.call('HGET', key, 'e'))
  local count
  if (not ends) or ends <= now then
    ends = now + window
    count = 1
    redis.call('HSET', key, 'c', 1, 'e', ends, 'l', now)
    redis.call('PEXPIRE', key, window + 60000)
  else
    count = redis.call('HINCRBY', key, 'c', 1)
    redis.call('HSET', key, 'l', now)
  end
  out[#out + 1] = count
  out[#out + 1] = ends
  out[#out + 1] = now
end
return out
`;

const RELEASE = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local ends = tonumber(redis.call('HGET', key, 'e'))
  if ends and ends > now and tonumber(redis.call('HGET', key, 'c')) > 0 then
    redis.call('HINCRBY', key, 'c', -1)
  end
end
return 0
`;

export class RedisCounterStore implements CounterStore {
  readonly kind = 'redis';

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  /** A store on a new connection to `url`; connection trouble is logged, and calls fail fast while it lasts. */
  static connect(url: string, prefix: string, onError: (error: Error) => void): RedisCounterStore {
    // One retry per command: a sign-in should answer 503 soon rather than hang while Redis is away.
    const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5000, lazyConnect: false });
    client.on('error', onError);
    return new RedisCounterStore(client, `${prefix}rl:`);
  }

  private keys(keys: string[]) {
    return keys.map((key) => this.prefix + key);
  }

  async read(keys: string[], now: number) {
    const pipeline = this.client.pipeline();
    for (const key of this.keys(keys)) pipeline.hmget(key, 'c', 'e', 'l');
    const results = (await pipeline.exec()) ?? [];
    return results.map(([error, value]): Counter | null => {
      if (error) throw error;
      const [count, ends, last] = value as Array<string | null>;
      if (count == null || ends == null || last == null || Number(ends) <= now) return null;
      return { count: Number(count), windowEndsAt: Number(ends), lastAt: Number(last) };
    });
  }

  async hit(keys: string[], windowMs: number, now: number) {
    const flat = (await this.client.eval(HIT, keys.length, ...this.keys(keys), now, windowMs)) as number[];
    return keys.map((_, i) => ({ count: flat[i * 3]!, windowEndsAt: flat[i * 3 + 1]!, lastAt: flat[i * 3 + 2]! }));
  }

  async release(keys: string[], now: number) {
    await this.client.eval(RELEASE, keys.length, ...this.keys(keys), now);
  }

  async clear(keys: string[]) {
    await this.client.del(...this.keys(keys));
  }

  async close() {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
