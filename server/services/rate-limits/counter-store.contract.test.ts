import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { TEST_REDIS_URL } from '../../../tests/setup/redis-url';
import { MemoryCounterStore, type CounterStore } from './counter-store';
import { PostgresCounterStore } from '../../queries/rate-limit-counters';
import { RedisCounterStore } from './redis-counter-store';

let api: TestApi;
const opened: CounterStore[] = [];

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  for (const store of opened) await store.close();
  await api.close();
});

const prefix = `test-${crypto.randomBytes(4).toString('hex')}:`;
const kinds: Array<[string, () => CounterStore]> = [
  ['memory', () => new MemoryCounterStore()],
  ['postgres', () => new PostgresCounterStore(api.db)],
  [
    'redis',
    () =>
      RedisCounterStore.connect(TEST_REDIS_URL, prefix, (error) => {
        throw error;
      }),
  ],
];

/** The same contract for every store (the limiter relies on nothing else). */
describe.each(kinds)('%s counter store', (kind, open) => {
  let store: CounterStore;
  let seq = 0;
  const key = () => `${kind}-${++seq}-${crypto.randomBytes(3).toString('hex')}`;
  const T = Date.now();

  beforeAll(() => {
    store = open();
    opened.push(store);
  });

  it('counts hits in a window that starts with the first, and reads them back', async () => {
    const [a, b] = [key(), key()];
    expect(await store.read([a, b], T)).toEqual([null, null]);
    expect(await store.hit([a, b], 60_000, T)).toEqual([
      { count: 1, windowEndsAt: T + 60_000, lastAt: T },
      { count: 1, windowEndsAt: T + 60_000, lastAt: T },
    ]);
    expect(await store.hit([a], 60_000, T + 10)).toEqual([{ count: 2, windowEndsAt: T + 60_000, lastAt: T + 10 }]);
    expect(await store.read([b, a], T + 20)).toEqual([
      { count: 1, windowEndsAt: T + 60_000, lastAt: T },
      { count: 2, windowEndsAt: T + 60_000, lastAt: T + 10 },
    ]);
  });

  it('starts over once the window has ended', async () => {
    const a = key();
    await store.hit([a], 1000, T);
    await store.hit([a], 1000, T + 1);
    expect(await store.read([a], T + 1000)).toEqual([null]);
    expect(await store.hit([a], 1000, T + 1000)).toEqual([{ count: 1, windowEndsAt: T + 2000, lastAt: T + 1000 }]);
  });

  it('releases one hit (never below zero) and clears keys', async () => {
    const [a, b] = [key(), key()];
    await store.hit([a, b], 60_000, T);
    await store.hit([a], 60_000, T);
    await store.release([a, b], T + 1);
    await store.release([b], T + 1);
    expect((await store.read([a, b], T + 2)).map((c) => c?.count)).toEqual([1, 0]);
    await store.clear([a]);
    expect(await store.read([a], T + 2)).toEqual([null]);
  });

  it('adds up simultaneous hits exactly', async () => {
    const a = key();
    const counts = await Promise.all(Array.from({ length: 25 }, () => store.hit([a], 60_000, T).then(([c]) => c!.count)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
});
