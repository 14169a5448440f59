import ipaddr from 'ipaddr.js';

/**
 * IP addresses and CIDR ranges, for the engine, the server and the console alike (zod-free: the
 * schemas `IpAddress`, `IpOrCidr` and `WhitelistIpValue` are in `ip.schemas.ts`). Parsing and
 * formatting are ipaddr.js's; this module fixes which spellings count and what is canonical:
 * - an address is dotted-decimal IPv4 without leading zeros, or IPv6 text (no zone index);
 * - canonical text is dotted IPv4, or IPv6 as RFC 5952 (lower case, longest zero run as `::`);
 * - an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) reads as its IPv4 address wherever addresses
 *   are compared (subjects, whitelist, allowlist);
 * - a range must start at its network address (`10.0.0.0/8`, not `10.1.2.3/8`).
 */

export type ParsedIp = ipaddr.IPv4 | ipaddr.IPv6;

function isV4(address: ParsedIp): address is ipaddr.IPv4 {
  return address.kind() === 'ipv4';
}

const DOTTED_QUAD = /^(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}$/;
const IPV4_COMPATIBLE = /^::(\d{1,3}(?:\.\d{1,3}){3})$/;
const LONG_GROUP = /[0-9a-f]{5}/i;
const PREFIX = /^\d{1,3}$/;

/** Parses an address (no range); undefined when `text` is not one. An IPv4-mapped address stays IPv6. */
export function parseIp(text: string): ParsedIp | undefined {
  if (!text.includes(':')) {
    if (!DOTTED_QUAD.test(text)) return undefined;
    const octets = text.split('.').map(Number);
    return octets.every((octet) => octet <= 255) ? new ipaddr.IPv4(octets) : undefined;
  }
  if (text.includes('%') || LONG_GROUP.test(text)) return undefined;
  // ipaddr.js reads the deprecated IPv4-compatible `::1.2.3.4` as IPv4-mapped; it is `::102:304`.
  const compatible = IPV4_COMPATIBLE.exec(text);
  if (compatible) {
    const v4 = parseIp(compatible[1] ?? '');
    return v4 && ipaddr.fromByteArray([...Array<number>(12).fill(0), ...v4.toByteArray()]);
  }
  try {
    return ipaddr.IPv6.parse(text);
  } catch {
    return undefined;
  }
}

/** The IPv4 address of an IPv4-mapped IPv6 address; any other address as it is. */
export function unmapped(address: ParsedIp): ParsedIp {
  return !isV4(address) && address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/** Canonical text of an address: dotted IPv4, or RFC 5952 IPv6 (a mapped address keeps its IPv6 form here). */
export function ipText(address: ParsedIp): string {
  return isV4(address) ? address.toString() : address.toRFC5952String();
}

/**
 * One spelling per address, so that the same IP is one subject however the platform writes it: IPv4
 * as sent (the hot path of every login: not parsed), IPv6 as RFC 5952, an IPv4-mapped address as its
 * IPv4 address. Text with a colon that is not an address comes back trimmed and lower-cased.
 */
export function canonicalIp(ip: string): string {
  if (!ip.includes(':')) return ip;
  const text = ip.trim();
  const address = parseIp(text);
  return address ? ipText(unmapped(address)) : text.toLowerCase();
}

/** The 4 or 16 bytes of an IPv4 or IPv6 address (an IPv4 tail such as `::ffff:1.2.3.4` included). */
export function ipBytes(address: string): number[] | undefined {
  return parseIp(address)?.toByteArray();
}

/** Canonical text of 4 or 16 bytes: dotted IPv4, or RFC 5952 IPv6. */
export function formatIp(bytes: readonly number[]): string {
  return ipText(
    ipaddr.fromByteArray(bytes.length === 4 ? [...bytes] : Array.from({ length: 16 }, (_, i) => bytes[i] ?? 0)),
  );
}

/** An address or CIDR range (`address/prefix`, prefix 0–32 or 0–128); the address as written (mapped stays IPv6). */
export function parseCidr(text: string): { address: ParsedIp; prefix: number } | undefined {
  const [addressText = '', prefixText, extra] = text.split('/');
  if (extra !== undefined) return undefined;
  const address = parseIp(addressText);
  if (!address) return undefined;
  const bits = isV4(address) ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: bits };
  const prefix = Number(prefixText);
  return PREFIX.test(prefixText) && prefix <= bits ? { address, prefix } : undefined;
}

function network(address: ParsedIp, prefix: number): ParsedIp {
  const bytes = address.toByteArray().map((byte, i) => {
    const keep = Math.max(0, Math.min(8, prefix - i * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return ipaddr.fromByteArray(bytes);
}

/**
 * For a CIDR range such as `10.1.2.3/8`, whose address has bits set after the prefix, the range it
 * most likely means (`10.0.0.0/8`); undefined for a plain address, a well-formed range or no range at all.
 */
export function networkIfHostBitsSet(value: string): string | undefined {
  if (!value.includes('/')) return undefined;
  const range = parseCidr(value);
  if (!range) return undefined;
  const start = network(range.address, range.prefix);
  return ipText(start) === ipText(range.address) ? undefined : `${ipText(start)}/${range.prefix}`;
}

/**
 * Canonical text of an allowlist entry, so that equal entries compare equal: an address as
 * `canonicalIp` spells it, a range as its RFC 5952 address and its prefix (`2001:DB8::/032` →
 * `2001:db8::/32`). Text that is neither comes back trimmed and lower-cased.
 */
export function canonicalIpEntry(entry: string): string {
  const text = entry.trim();
  const [addressText = '', prefixText] = text.split('/');
  const address = parseIp(addressText);
  if (!address) return text.toLowerCase();
  return prefixText === undefined ? ipText(unmapped(address)) : `${ipText(address)}/${Number(prefixText)}`;
}

/**
 * An entry as the IP whitelist calls answer it (PostgreSQL's `cidr` text, `host()` for a single
 * address): no full-length prefix, IPv6 as RFC 5952 except that an IPv4-mapped or IPv4-compatible
 * address keeps its dotted tail (`::ffff:1.2.3.4`). Text that is not an address comes back trimmed.
 */
export function listedIpText(value: string): string {
  const text = value.trim();
  const [addressText = '', prefixText] = text.split('/');
  const address = parseIp(addressText);
  if (!address) return text;
  const bytes = address.toByteArray();
  let spelled = ipText(address);
  if (bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0)) {
    const v4 = bytes.slice(12).join('.');
    if (bytes[10] === 0xff && bytes[11] === 0xff) spelled = `::ffff:${v4}`;
    else if (bytes[10] === 0 && bytes[11] === 0 && (bytes[12] || bytes[13])) spelled = `::${v4}`;
  }
  const full = bytes.length * 8;
  const prefix = prefixText === undefined ? full : Number(prefixText);
  return prefix === full ? spelled : `${spelled}/${prefix}`;
}

/** A compiled list of addresses and CIDR ranges (IPv4 and IPv6). */
export interface IpList {
  /** Whether the address (IPv4, IPv6, or IPv4-mapped IPv6) is one of the list's addresses or in one of its ranges. */
  includes(ip: string): boolean;
}

/**
 * Compiles addresses and CIDR ranges into an {@link IpList}; entries that are neither are skipped. A
 * mapped address counts as its IPv4 address, and so does a mapped range's address, whose prefix then
 * cannot exceed 32 (`::ffff:198.51.100.0/120` is skipped). A range matches only its own family.
 */
export function compileIpList(entries: Iterable<string>): IpList {
  // Exact addresses by their parts: cheaper to spell than RFC 5952 text.
  const key = (address: ParsedIp) => (isV4(address) ? address.octets.join('.') : address.parts.join(':'));
  const exact = new Set<string>();
  const ranges: { kind: 'ipv4' | 'ipv6'; start: ParsedIp; prefix: number }[] = [];
  for (const entry of entries) {
    const range = parseCidr(entry.trim());
    if (!range) continue;
    const address = unmapped(range.address);
    // A mapped entry reads as IPv4: `/128` (or no prefix) is its one address, another prefix applies to it.
    const prefix = address !== range.address && range.prefix === 128 ? 32 : range.prefix;
    const bits = isV4(address) ? 32 : 128;
    if (prefix > bits) continue;
    if (prefix === bits) exact.add(key(address));
    else ranges.push({ kind: address.kind(), start: address, prefix });
  }
  return {
    includes(ip) {
      const parsed = parseIp(ip.trim());
      if (!parsed) return false;
      const address = unmapped(parsed);
      if (exact.size > 0 && exact.has(key(address))) return true;
      const kind = address.kind();
      return ranges.some((r) => r.kind === kind && address.match(r.start, r.prefix));
    },
  };
}
