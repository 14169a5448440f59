import { describe, expect, it } from 'vitest';
import { IpMatcher, isIpAllowed, normalizeIp } from './ip-match';

describe('IP allowlist matching', () => {
  const matcher = new IpMatcher();
  const list = ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'];

  it.each([
    ['203.0.113.7', true],
    ['::ffff:203.0.113.7', true],
    ['10.200.3.4', true],
    ['11.0.0.1', false],
    ['203.0.113.8', false],
    ['2001:db8:1::5', true],
    ['2001:db9::1', false],
    ['not-an-ip', false],
  ])('%s → %s', (ip, allowed) => {
    expect(matcher.matches(list, ip)).toBe(allowed);
  });

  it('lets everyone in when the list is empty', () => {
    expect(isIpAllowed(matcher, [], '198.51.100.1')).toBe(true);
    expect(isIpAllowed(matcher, null, '198.51.100.1')).toBe(true);
  });

  it('unmaps IPv4-mapped IPv6 addresses only', () => {
    expect(normalizeIp('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIp('::1')).toBe('::1');
  });
});
