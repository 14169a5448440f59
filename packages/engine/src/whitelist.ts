import { compileIpList } from '@pitboss/contract';
import type { Exemptions } from './types';

/** A whitelist check over member ids and IP addresses or CIDR ranges (IPv4 and IPv6; the contract's `compileIpList`). */
export function createWhitelist(input: { memberIds?: Iterable<string>; ips?: Iterable<string> }): Exemptions {
  const members = new Set(input.memberIds ?? []);
  const ips = compileIpList(input.ips ?? []);
  return {
    isMemberExempt: (memberId) => members.has(memberId),
    isIpExempt: (ip) => ips.includes(ip),
  };
}
