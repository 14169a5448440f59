import type { Exemptions } from './types';

interface Address {
  family: 4 | 6;
  value: bigint;
}

/**
 * One spelling per address, so the same IP is one subject however the platform writes it: IPv4 as
 * dotted decimal, IPv6 as RFC 5952 text (lower case, no leading zeros, the longest zero run as `::`),
 * and an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as its IPv4 address. Text that is not an address
 * is returned trimmed and lower-cased.
 */
export function canonicalIp(ip: string): string {
  if (!ip.includes(':')) return ip;
  const address = parseAddress(ip);
  return address ? formatAddress(address) : ip.trim().toLowerCase();
}

/** A whitelist check over member ids and IP addresses or CIDR ranges (IPv4 and IPv6). */
export function createWhitelist(input: { memberIds?: Iterable<string>; ips?: Iterable<string> }): Exemptions {
  const members = new Set(input.memberIds ?? []);
  const exact = new Set<string>();
  const ranges: { family: 4 | 6; network: bigint; mask: bigint }[] = [];
  for (const text of input.ips ?? []) {
    const [addressText = '', prefixText] = text.trim().split('/');
    const address = parseAddress(addressText);
    if (!address) continue;
    const bits = address.family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) continue;
    if (prefix === bits) {
      exact.add(formatAddress(address));
      continue;
    }
    const mask = ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
    ranges.push({ family: address.family, network: address.value & mask, mask });
  }
  return {
    isMemberExempt: (memberId) => members.has(memberId),
    isIpExempt(ip) {
      const address = parseAddress(ip);
      if (!address) return exact.has(ip);
      if (exact.has(formatAddress(address))) return true;
      return ranges.some((r) => r.family === address.family && (address.value & r.mask) === r.network);
    },
  };
}

function parseAddress(text: string): Address | null {
  const ip = text.trim();
  if (!ip.includes(':')) {
    const value = parseIpv4(ip);
    return value === null ? null : { family: 4, value };
  }
  const groups = parseIpv6Groups(ip);
  if (!groups) return null;
  const value = groups.reduce((sum, group) => (sum << 16n) | BigInt(group), 0n);
  if (value >> 32n === 0xffffn) return { family: 4, value: value & 0xffffffffn };
  return { family: 6, value };
}

function parseIpv4(ip: string): bigint | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

function parseIpv6Groups(ip: string): number[] | null {
  const halves = ip.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const parseHalf = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const parts = half.split(':');
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1 && part.includes('.')) {
        const v4 = parseIpv4(part);
        if (v4 === null) return null;
        groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else if (/^[0-9a-f]{1,4}$/.test(part)) groups.push(Number.parseInt(part, 16));
      else return null;
    }
    return groups;
  };
  const head = parseHalf(halves[0] ?? '');
  const tail = halves.length === 2 ? parseHalf(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

function formatAddress(address: Address): string {
  if (address.family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => Number((address.value >> shift) & 0xffn)).join('.');
  }
  const groups = Array.from({ length: 8 }, (_, i) => Number((address.value >> BigInt(112 - 16 * i)) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
