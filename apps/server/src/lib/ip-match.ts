import { BlockList, isIP } from 'node:net';
import { formatIp, ipBytes } from '@pitboss/contract';

/** `::ffff:203.0.113.7` (an IPv4 client on a dual-stack socket) → `203.0.113.7`. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return (mapped?.[1] ?? trimmed).toLowerCase();
}

/** Adds an address or CIDR range to `list`; false when it is neither. */
function addEntry(list: BlockList, entry: string): boolean {
  const [address = '', prefix] = normalizeIp(entry).split('/');
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(address, type);
    return true;
  }
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(address, bits, type);
  return true;
}

/** A list of addresses and CIDR ranges (IPv4 and IPv6) to check addresses against; bad entries are skipped. */
export function compileIpList(entries: Iterable<string>): BlockList {
  const list = new BlockList();
  for (const entry of entries) addEntry(list, entry);
  return list;
}

/** Whether the address (IPv4, IPv6 or IPv4-mapped IPv6) is in the compiled list. */
export function ipInList(list: BlockList, ip: string): boolean {
  const address = normalizeIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Tells whether an address is in a list of addresses and CIDR ranges; compiled lists are cached. */
export class IpMatcher {
  private readonly cache = new Map<string, BlockList>();

  matches(entries: readonly string[], ip: string): boolean {
    const key = entries.join(',');
    let list = this.cache.get(key);
    if (!list) {
      list = compileIpList(entries);
      if (this.cache.size > 1000) this.cache.clear();
      this.cache.set(key, list);
    }
    return ipInList(list, ip);
  }
}

/** Canonical text of an address or range (`2001:DB8:0::1` → `2001:db8::1`), so equal entries compare equal. */
export function canonicalIpEntry(entry: string): string {
  const [address = '', prefix] = normalizeIp(entry).split('/');
  const bytes = ipBytes(address);
  const text = bytes ? formatIp(bytes) : address;
  return prefix === undefined ? text : `${text}/${Number(prefix)}`;
}

/** Whether the caller at `ip` may use the console of a company with this allowlist (empty: everyone). */
export function isIpAllowed(matcher: IpMatcher, allowlist: readonly string[] | null | undefined, ip: string): boolean {
  return !allowlist || allowlist.length === 0 || matcher.matches(allowlist, ip);
}

export const ipMatcher = new IpMatcher();
