import { describe, expect, it } from 'vitest';
import { ShortCache } from './short-cache';

/** The short cache behind the public cache and the session lookup (docs/decisions/133, 177). */
describe('ShortCache', () => {
  it('shares one load between callers that miss together, and keeps it for its time', async () => {
    const cache = new ShortCache<number>(60_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, await cache.get('k', load), loads]).toEqual([1, 1, 1, 1]);
  });

  it('loads every time when its time is 0', async () => {
    const cache = new ShortCache<number>(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });

  it('forgets a failed load, so the next caller tries again', async () => {
    const cache = new ShortCache<number>(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('does not keep a load that began before clear(): a write must not see the old state cached again', async () => {
    const cache = new ShortCache<string>(60_000);
    let finish!: (value: string) => void;
    const stale = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('before the write');
    expect(await stale).toBe('before the write');
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write');
  });

  it('is emptied rather than grown past its bound', async () => {
    const cache = new ShortCache<number>(60_000, 2);
    let loads = 0;
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(4);
  });
});
