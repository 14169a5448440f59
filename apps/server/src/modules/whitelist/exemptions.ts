import { compileIpList, type IpList } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { loadExemptionRows } from './whitelist.repository';

/**
 * What the detectors skip for one company (DESIGN §5): whitelisted members raise no player alerts,
 * logins from whitelisted addresses or ranges raise no IP alerts. Load it with `loadExemptions`.
 */
export class Exemptions {
  readonly memberIds: ReadonlySet<string>;
  /** Canonical CIDR text, e.g. `10.0.0.0/8`, `203.0.113.7/32`, `2001:db8::/32`. */
  readonly ipRanges: readonly string[];
  private readonly ips: IpList;

  constructor(memberIds: Iterable<string>, ipRanges: readonly string[]) {
    this.memberIds = new Set(memberIds);
    this.ipRanges = ipRanges;
    this.ips = compileIpList(ipRanges);
  }

  isMemberExempt(memberId: string): boolean {
    return this.memberIds.has(memberId);
  }

  /** True when the address (IPv4, IPv6, or IPv4-mapped IPv6) falls in a whitelisted address or range. */
  isIpExempt(ip: string): boolean {
    return this.ips.includes(ip);
  }
}

/** The whitelisted member IDs and IP ranges of company `cid` (two small indexed reads). */
export async function loadExemptions(sql: Sql, cid: number): Promise<Exemptions> {
  const { memberIds, ipRanges } = await loadExemptionRows(sql, cid);
  return new Exemptions(memberIds, ipRanges);
}
