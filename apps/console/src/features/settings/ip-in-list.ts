import { ipBytes } from '@pitboss/contract';

/** Whether the first `bits` bits of two addresses of the same family agree. */
function samePrefix(a: number[], b: number[], bits: number): boolean {
  for (let i = 0; i < a.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((a[i] ?? 0) & mask) !== ((b[i] ?? 0) & mask)) return false;
  }
  return true;
}

/**
 * Whether `ip` is one of the addresses or CIDR ranges of `entries` (for the screen's warning only:
 * the server decides, and asks for a confirmation before a list locks its caller out).
 */
export function ipInList(ip: string, entries: readonly string[]): boolean {
  const address = ipBytes(ip.trim());
  if (!address) return false;
  return entries.some((entry) => {
    const [text = '', prefix] = entry.trim().split('/');
    const bytes = ipBytes(text);
    if (!bytes || bytes.length !== address.length) return false;
    const bits = prefix === undefined ? bytes.length * 8 : Number(prefix);
    return Number.isInteger(bits) && samePrefix(bytes, address, bits);
  });
}
