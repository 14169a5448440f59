import { describe, expect, it } from 'vitest';
import { formatIp, ipBytes, networkIfHostBitsSet, WhitelistIpValue } from './ip-range';

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
