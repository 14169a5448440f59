import { describe, expect, it } from 'vitest';
import { splitIds } from './identifiers';
import { MemberId } from './identifiers.schemas';
import { IpOrCidr } from './ip.schemas';

describe('member ids', () => {
  it('are converted to text and trimmed', () => {
    expect(MemberId.parse(12345)).toBe('12345');
    expect(MemberId.parse('  m-1 ')).toBe('m-1');
    expect(MemberId.safeParse('   ').success).toBe(false);
    expect(MemberId.safeParse('x'.repeat(65)).success).toBe(false);
  });

  it('split pasted text on commas, spaces and new lines, once each', () => {
    expect(splitIds('a, b\nc;d  a\r\ne，f')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(splitIds('  \n ')).toEqual([]);
  });
});

describe('IP or CIDR', () => {
  it.each(['203.0.113.7', '10.0.0.0/8', '2001:db8::1', '2001:db8::/32'])('accepts %s', (v) => {
    expect(IpOrCidr.safeParse(v).success).toBe(true);
  });
  it.each(['999.1.1.1', '10.0.0.0/33', 'localhost', '1.2.3', '2001:db8::/129', ''])('refuses %s', (v) => {
    expect(IpOrCidr.safeParse(v).success).toBe(false);
  });
});
