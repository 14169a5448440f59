import { formatIp, ipBytes, networkIfHostBitsSet, WhitelistIpValue } from '@pitboss/contract';
import type { BulkEntry, CsvColumnsSpec, EntryProblem } from '../../components/BulkAdd/bulk-entries';

/** Column names an IP list's CSV file may use: our own export, and common spreadsheet headings. */
export const IP_CSV_COLUMNS: CsvColumnsSpec = {
  keyHeaders: ['IP', 'IPs', 'Address', 'IP Address', 'CIDR', 'Range', 'IP 位址', 'IP 地址'],
  memoHeaders: ['Memo', 'Note', 'Remark', '備註', '备注'],
};

/**
 * The server's rule (the contract's `WhitelistIpValue`) before anything is sent: an IPv4 or IPv6
 * address or CIDR range starting at its network address; for a range with host bits set, the range
 * that was most likely meant (`10.1.2.3/8` → `10.0.0.0/8`), which the screen offers to use.
 */
export function validateIpEntry(entry: BulkEntry): EntryProblem | undefined {
  if (WhitelistIpValue.safeParse(entry.key).success) return undefined;
  const network = networkIfHostBitsSet(entry.key.trim());
  if (network) return { code: 'hostBits', values: { network } };
  return { code: entry.key.includes('/') ? 'badRange' : 'badIp' };
}

/** An address (no range) for the "covering" search. */
export function isIpAddress(value: string): boolean {
  return !value.includes('/') && ipBytes(value.trim()) !== undefined;
}

function ipText(bytes: number[]): string {
  if (bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0)) {
    const v4 = bytes.slice(12).join('.');
    if (bytes[10] === 0xff && bytes[11] === 0xff) return `::ffff:${v4}`;
    if (bytes[10] === 0 && bytes[11] === 0 && (bytes[12] || bytes[13])) return `::${v4}`;
  }
  return formatIp(bytes);
}

/**
 * The form the server answers with (PostgreSQL's `cidr` text): a full-length prefix is a plain
 * address, IPv6 lower case and shortened, so `2001:DB8::1/128` is `2001:db8::1`.
 */
export function canonicalIp(value: string): string {
  const [address = '', prefixText] = value.trim().split('/');
  const bytes = ipBytes(address);
  if (!bytes) return value.trim();
  const full = bytes.length * 8;
  const prefix = prefixText === undefined ? full : Number(prefixText);
  return prefix === full ? ipText(bytes) : `${ipText(bytes)}/${prefix}`;
}
