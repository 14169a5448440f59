import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter';

describe('LoginLimiter', () => {
  it('blocks an account after its failures and frees it when the window passes', () => {
    let now = 0;
    const limiter = new LoginLimiter({ perAccount: 3, perIp: 100, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.check('Alice', `ip${i}`)).toBe(0);
      limiter.recordFailure('Alice');
    }
    expect(limiter.check('alice', 'ip9')).toBe(60);
    now = 30_000;
    expect(limiter.check('ALICE', 'ip9')).toBe(30);
    now = 60_001;
    expect(limiter.check('alice', 'ip9')).toBe(0);
  });

  it('forgets failures after a success', () => {
    const limiter = new LoginLimiter({ perAccount: 2, perIp: 100, windowMs: 60_000 }, () => 0);
    limiter.recordFailure('bob');
    limiter.recordSuccess('bob');
    limiter.recordFailure('bob');
    expect(limiter.check('bob', 'x')).toBe(0);
  });

  it('counts every attempt per IP', () => {
    const limiter = new LoginLimiter({ perAccount: 100, perIp: 2, windowMs: 10_000 }, () => 0);
    expect(limiter.check('a', '1.1.1.1')).toBe(0);
    expect(limiter.check('b', '1.1.1.1')).toBe(0);
    expect(limiter.check('c', '1.1.1.1')).toBe(10);
    expect(limiter.check('c', '2.2.2.2')).toBe(0);
  });
});
