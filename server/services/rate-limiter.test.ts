import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows up to max hits per key in a window, then refuses until the window ends', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 1000, () => now);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(false);
    expect(limiter.hit('b')).toBe(true);
    now = 1000;
    expect(limiter.hit('a')).toBe(true);
  });

  it('refuses when any of several keys is over its limit', () => {
    const limiter = new RateLimiter(1, 1000, () => 0);
    expect(limiter.hit('ip:1', 'email:x')).toBe(true);
    expect(limiter.hit('ip:2', 'email:x')).toBe(false);
  });
});
