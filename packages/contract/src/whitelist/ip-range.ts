import { z } from 'zod';
import { IpOrCidr } from '../common/identifiers';

/** The 4 or 16 bytes of an IPv4 or IPv6 address (an IPv4 tail such as `::ffff:1.2.3.4` included). */
export function ipBytes(address: string): number[] | undefined {
  if (!address.includes(':')) return ipv4Bytes(address);
  let text = address;
  if (text.includes('.')) {
    const cut = text.lastIndexOf(':');
    const v4 = ipv4Bytes(text.slice(cut + 1));
    if (!v4) return undefined;
    text = `${text.slice(0, cut + 1)}${hex16(v4[0], v4[1])}:${hex16(v4[2], v4[3])}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  const bytes: number[] = [];
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}

function hex16(high = 0, low = 0): string {
  return ((high << 8) | low).toString(16);
}

function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.map(Number);
}

/** Canonical text: dotted IPv4, or IPv6 with the longest run of zero groups shortened (RFC 5952). */
export function formatIp(bytes: readonly number[]): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  const text = groups.map((g) => g.toString(16));
  if (best.length < 2) return text.join(':');
  const left = text.slice(0, best.start).join(':');
  const right = text.slice(best.start + best.length).join(':');
  return `${left}::${right}`;
}

/**
 * For a CIDR range such as `10.1.2.3/8`, whose address has bits set after the prefix, the range it
 * most likely means (`10.0.0.0/8`); undefined for a plain address or a well-formed range.
 */
export function networkIfHostBitsSet(value: string): string | undefined {
  const [address = '', prefixText] = value.split('/');
  if (prefixText === undefined) return undefined;
  const bytes = ipBytes(address);
  const prefix = Number(prefixText);
  if (!bytes || !Number.isInteger(prefix)) return undefined;
  const network = bytes.map((byte, i) => {
    const keep = Math.max(0, Math.min(8, prefix - i * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return network.some((byte, i) => byte !== bytes[i]) ? `${formatIp(network)}/${prefix}` : undefined;
}

/** An IPv4 or IPv6 address or CIDR range for the IP whitelist; a range must start at its network address. */
export const WhitelistIpValue = z
  .string()
  .trim()
  .pipe(IpOrCidr)
  .superRefine((value, ctx) => {
    const network = networkIfHostBitsSet(value);
    if (network) ctx.addIssue({ code: 'custom', message: `has bits set after the prefix; did you mean ${network}?` });
  })
  .describe('IPv4 or IPv6 address, or CIDR range such as 203.0.113.0/24 or 2001:db8::/32');
