import { describe, expect, it } from 'vitest';
import {
  canonicalIp,
  canonicalIpEntry,
  compileIpList,
  formatIp,
  ipBytes,
  listedIpText,
  networkIfHostBitsSet,
  parseIp,
} from './ip';
import { WhitelistIpValue } from './ip.schemas';

describe('IP parsing', () => {
  it('reads IPv4, IPv6 and IPv4-in-IPv6', () => {
    expect(ipBytes('203.0.113.7')).toEqual([203, 0, 113, 7]);
    expect(ipBytes('2001:db8::1')).toEqual([0x20, 0x01, 0x0d, 0xb8, ...Array(11).fill(0), 1]);
    expect(ipBytes('::ffff:1.2.3.4')).toEqual([...Array(10).fill(0), 0xff, 0xff, 1, 2, 3, 4]);
    expect(ipBytes('1:2:3:4:5:6:7:8')?.length).toBe(16);
    expect(ipBytes('1::2::3')).toBeUndefined();
    expect(ipBytes('1:2:3:4:5:6:7')).toBeUndefined();
    expect(ipBytes('256.1.1.1')).toBeUndefined();
  });

  it('formats canonically', () => {
    expect(formatIp(ipBytes('2001:DB8:0:0:0:0:0:1') ?? [])).toBe('2001:db8::1');
    expect(formatIp(ipBytes('2001:db8:0:1:0:0:0:0') ?? [])).toBe('2001:db8:0:1::');
    expect(formatIp(ipBytes('::') ?? [])).toBe('::');
    expect(formatIp(ipBytes('1:0:2:3:4:5:6:7') ?? [])).toBe('1:0:2:3:4:5:6:7');
  });
});

describe('whitelist IP values', () => {
  it.each([
    ['10.0.0.0/8', undefined],
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['192.168.1.77/24', '192.168.1.0/24'],
    ['10.1.2.3', undefined],
    ['2001:db8::1/32', '2001:db8::/32'],
    ['2001:db8::/32', undefined],
    ['0.0.0.0/0', undefined],
  ])('%s needs %s', (value, network) => {
    expect(networkIfHostBitsSet(value)).toBe(network);
  });

  it('trim, and refuse host bits after the prefix with a suggestion', () => {
    expect(WhitelistIpValue.parse(' 10.0.0.0/8 ')).toBe('10.0.0.0/8');
    const bad = WhitelistIpValue.safeParse('10.1.2.3/8');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('did you mean 10.0.0.0/8');
    for (const v of ['10.0.0.0/33', '300.1.1.1', 'example.com', '', '1.2.3.4/-1', '2001:db8::/129']) {
      expect(WhitelistIpValue.safeParse(v).success, v).toBe(false);
    }
  });
});

// From the engine's tests (canonical subjects).
describe('canonicalIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0001:0000:0000:0001', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['::', '::'],
    ['::1', '::1'],
    ['fe80::', 'fe80::'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:c000:201', '192.0.2.1'],
    ['not:an:address', 'not:an:address'],
  ])('%s is %s', (ip, canonical) => {
    expect(canonicalIp(ip)).toBe(canonical);
  });
});

// From the server's tests (console IP allowlist).
describe('canonical allowlist entries', () => {
  it.each([
    ['2001:DB8:0:0::1', '2001:db8::1'],
    ['2001:db8::/032', '2001:db8::/32'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    [' 10.0.0.0/8 ', '10.0.0.0/8'],
  ])('%s → %s', (entry, canonical) => {
    expect(canonicalIpEntry(entry)).toBe(canonical);
  });
});

// From the console's tests (the allowlist warning; the whitelist entries as the server answers them).
describe('IP lists', () => {
  const ipInList = (ip: string, entries: readonly string[]) => compileIpList(entries).includes(ip);

  it('find an address among addresses and ranges, IPv4 and IPv6', () => {
    expect(ipInList('203.0.113.7', ['198.51.100.1', '203.0.113.0/24'])).toBe(true);
    expect(ipInList('203.0.114.7', ['203.0.113.0/24'])).toBe(false);
    expect(ipInList('10.20.30.40', ['10.0.0.0/8'])).toBe(true);
    expect(ipInList('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(ipInList('2001:db8::5', ['2001:db8::/32'])).toBe(true);
    expect(ipInList('2001:db9::5', ['2001:db8::/32'])).toBe(false);
    expect(ipInList('0.0.0.1', ['0.0.0.0/0'])).toBe(true);
  });

  it('never match across families or on bad entries', () => {
    expect(ipInList('127.0.0.1', ['::1', 'not-an-ip', ''])).toBe(false);
    expect(ipInList('nonsense', ['0.0.0.0/0'])).toBe(false);
  });

  it('read IPv4-mapped addresses as IPv4, in the list and in the address', () => {
    expect(ipInList('::ffff:203.0.113.7', ['203.0.113.7'])).toBe(true);
    expect(ipInList('203.0.113.7', ['::ffff:203.0.113.7'])).toBe(true);
    expect(ipInList('::ffff:10.1.1.1', ['10.0.0.0/8'])).toBe(true);
    expect(ipInList('198.51.100.77', ['::ffff:198.51.100.0/120'])).toBe(false);
    expect(ipInList('1.2.3.4', ['1.2.3.4/33'])).toBe(false);
  });

  it.each([
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:db8::1/128', '2001:db8::1'],
    ['10.0.0.1/32', '10.0.0.1'],
    [' 10.0.0.0/8 ', '10.0.0.0/8'],
    ['::FFFF:1.2.3.4', '::ffff:1.2.3.4'],
    ['::1.2.3.4', '::1.2.3.4'],
    ['not an ip', 'not an ip'],
  ])('answer %s as %s', (value, text) => {
    expect(listedIpText(value)).toBe(text);
  });
});

describe('address spellings', () => {
  it('take dotted IPv4 without leading zeros and IPv6 without a zone', () => {
    for (const ok of ['0.0.0.0', '255.255.255.255', '::', '1:2:3:4:5:6:1.2.3.4', '::ffff:1.2.3.4']) {
      expect(parseIp(ok), ok).toBeDefined();
    }
    for (const bad of ['01.2.3.4', '1.2.3', '0x7f.0.0.1', '1', 'fe80::1%eth0', '12345::', ' 1.2.3.4', '1.2.3.4/8']) {
      expect(parseIp(bad), bad).toBeUndefined();
    }
  });

  it('keep IPv4-compatible addresses IPv6', () => {
    expect(ipBytes('::1.2.3.4')).toEqual([...Array(12).fill(0), 1, 2, 3, 4]);
    expect(canonicalIp('::1.2.3.4')).toBe('::102:304');
  });
});
