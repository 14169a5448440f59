import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows `limit` hits per key in the window, then answers the wait, then frees the key', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.take('ip:a', 'mail:x')).toBe(0);
    expect(limiter.take('ip:a', 'mail:y')).toBe(0);
    expect(limiter.take('ip:a', 'mail:z')).toBe(60);
    // The refused hit was not recorded for mail:z.
    expect(limiter.take('ip:b', 'mail:z')).toBe(0);
    expect(limiter.take('ip:c', 'mail:x')).toBe(0);
    expect(limiter.take('ip:d', 'mail:x')).toBe(60);
    now = 60_001;
    expect(limiter.take('ip:a', 'mail:x')).toBe(0);
  });

  it('tells the wait without recording, records hits whatever their count, and forgets a key on reset', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 10_000, () => now);
    limiter.hit('a');
    expect(limiter.wait('a')).toBe(0);
    limiter.hit('a');
    limiter.hit('a');
    expect(limiter.wait('a', 'b')).toBe(10);
    now = 4_000;
    expect(limiter.wait('a')).toBe(6);
    limiter.reset('a');
    expect(limiter.wait('a')).toBe(0);
  });
});
