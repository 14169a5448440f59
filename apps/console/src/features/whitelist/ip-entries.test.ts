import { describe, expect, it } from 'vitest';
import { canonicalIp, isIpAddress, validateIpEntry } from './ip-entries';

const check = (key: string) => validateIpEntry({ line: 1, key, memo: '' });

describe('IP whitelist entries', () => {
  it('take what the server takes', () => {
    for (const ok of ['203.0.113.7', '10.0.0.0/8', '2001:db8::1', '2001:db8::/32', '::ffff:1.2.3.4', '0.0.0.0/0']) {
      expect(check(ok), ok).toBeUndefined();
    }
  });

  it('say why an entry is refused, with the range most likely meant', () => {
    expect(check('10.1.2.3/8')).toEqual({ code: 'hostBits', values: { network: '10.0.0.0/8' } });
    expect(check('2001:db8::1/32')).toEqual({ code: 'hostBits', values: { network: '2001:db8::/32' } });
    expect(check('10.0.0.0/33')).toEqual({ code: 'badRange' });
    expect(check('1.2.3.4/x')).toEqual({ code: 'badRange' });
    expect(check('300.1.1.1')).toEqual({ code: 'badIp' });
    expect(check('example.com')).toEqual({ code: 'badIp' });
    expect(check('01.2.3.4')).toEqual({ code: 'badIp' });
  });

  it('are compared in the server form', () => {
    expect(canonicalIp('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonicalIp('2001:db8::1/128')).toBe('2001:db8::1');
    expect(canonicalIp('10.0.0.1/32')).toBe('10.0.0.1');
    expect(canonicalIp(' 10.0.0.0/8 ')).toBe('10.0.0.0/8');
    expect(canonicalIp('::FFFF:1.2.3.4')).toBe('::ffff:1.2.3.4');
    expect(canonicalIp('not an ip')).toBe('not an ip');
  });

  it('know an address from a range for the covering search', () => {
    expect(isIpAddress('10.1.2.3')).toBe(true);
    expect(isIpAddress('2001:db8::1')).toBe(true);
    expect(isIpAddress('10.0.0.0/8')).toBe(false);
    expect(isIpAddress('nope')).toBe(false);
  });
});
