import { describe, expect, it } from 'vitest';
import { ipInList } from './ip-in-list';

describe('the allowlist warning', () => {
  it('finds an address among addresses and ranges, IPv4 and IPv6', () => {
    expect(ipInList('203.0.113.7', ['198.51.100.1', '203.0.113.0/24'])).toBe(true);
    expect(ipInList('203.0.114.7', ['203.0.113.0/24'])).toBe(false);
    expect(ipInList('10.20.30.40', ['10.0.0.0/8'])).toBe(true);
    expect(ipInList('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(ipInList('2001:db8::5', ['2001:db8::/32'])).toBe(true);
    expect(ipInList('2001:db9::5', ['2001:db8::/32'])).toBe(false);
    expect(ipInList('0.0.0.1', ['0.0.0.0/0'])).toBe(true);
  });

  it('never matches across families or on bad entries', () => {
    expect(ipInList('127.0.0.1', ['::1', 'not-an-ip', ''])).toBe(false);
    expect(ipInList('nonsense', ['0.0.0.0/0'])).toBe(false);
  });
});
