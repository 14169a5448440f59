import { canonicalIp, compileIpList, type IpList } from '@pitboss/contract';

/**
 * The console IP allowlist on the server, over the contract's IP module (`common/ip.ts`): compiled
 * lists cached per list, and the caller's address as shown to them.
 */

/** The caller's address as shown: `::ffff:203.0.113.7` (an IPv4 client on a dual-stack socket) → `203.0.113.7`. */
export function normalizeIp(ip: string): string {
  return canonicalIp(ip.trim());
}

/** Tells whether an address is in a list of addresses and CIDR ranges; compiled lists are cached. */
export class IpMatcher {
  private readonly cache = new Map<string, IpList>();

  matches(entries: readonly string[], ip: string): boolean {
    const key = entries.join(',');
    let list = this.cache.get(key);
    if (!list) {
      list = compileIpList(entries);
      if (this.cache.size > 1000) this.cache.clear();
      this.cache.set(key, list);
    }
    return list.includes(ip);
  }
}

/** Whether the caller at `ip` may use the console of a company with this allowlist (empty: everyone). */
export function isIpAllowed(matcher: IpMatcher, allowlist: readonly string[] | null | undefined, ip: string): boolean {
  return !allowlist || allowlist.length === 0 || matcher.matches(allowlist, ip);
}

export const ipMatcher = new IpMatcher();
