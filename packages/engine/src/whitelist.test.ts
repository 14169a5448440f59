import { describe, expect, it } from 'vitest';
import { createWhitelist } from './whitelist';

describe('createWhitelist', () => {
  const whitelist = createWhitelist({
    memberIds: ['m1'],
    ips: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32', '::ffff:198.51.100.0/120', 'bad', '1.2.3.4/33'],
  });

  it('exempts listed members only', () => {
    expect(whitelist.isMemberExempt('m1')).toBe(true);
    expect(whitelist.isMemberExempt('m2')).toBe(false);
  });

  it.each([
    ['203.0.113.7', true],
    ['203.0.113.8', false],
    ['10.255.1.2', true],
    ['11.0.0.1', false],
    ['2001:DB8:ffff::1', true],
    ['2001:db9::1', false],
    ['::ffff:10.1.1.1', true],
    ['198.51.100.77', false],
    ['1.2.3.4', false],
  ])('IP %s exempt: %s', (ip, exempt) => {
    expect(whitelist.isIpExempt(ip)).toBe(exempt);
  });

  it('takes /0 as every address of its family', () => {
    const all = createWhitelist({ ips: ['0.0.0.0/0'] });
    expect(all.isIpExempt('8.8.8.8')).toBe(true);
    expect(all.isIpExempt('2001:db8::1')).toBe(false);
  });
});
