import { describe, expect, it } from 'vitest';
import { LoginAttempts } from './login-limits';

describe('LoginAttempts', () => {
  it('blocks an account after its failures and frees it when the window passes', () => {
    let now = 0;
    const limiter = new LoginAttempts({ perAccount: 3, perIp: 100, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.check('Alice', `ip${i}`)).toBe(0);
      limiter.recordFailure('Alice', `ip${i}`);
    }
    expect(limiter.check('alice', 'ip9')).toBe(60);
    now = 30_000;
    expect(limiter.check('ALICE', 'ip9')).toBe(30);
    now = 60_001;
    expect(limiter.check('alice', 'ip9')).toBe(0);
  });

  it('forgets failures after a success', () => {
    const limiter = new LoginAttempts({ perAccount: 2, perIp: 100, windowMs: 60_000 }, () => 0);
    limiter.recordFailure('bob', 'x');
    limiter.recordSuccess('bob');
    limiter.recordFailure('bob', 'x');
    expect(limiter.check('bob', 'x')).toBe(0);
  });

  it('counts failures per IP across accounts, and not successful logins', () => {
    const limiter = new LoginAttempts({ perAccount: 100, perIp: 2, windowMs: 10_000 }, () => 0);
    for (let i = 0; i < 50; i++) {
      expect(limiter.check(`colleague-${i}`, '1.1.1.1')).toBe(0);
      limiter.recordSuccess(`colleague-${i}`);
    }
    limiter.recordFailure('a', '1.1.1.1');
    expect(limiter.check('b', '1.1.1.1')).toBe(0);
    limiter.recordFailure('b', '1.1.1.1');
    expect(limiter.check('c', '1.1.1.1')).toBe(10);
    expect(limiter.check('c', '2.2.2.2')).toBe(0);
  });
});
