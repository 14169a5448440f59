import { listedIpText, networkIfHostBitsSet, parseIp } from '@pitboss/contract';
import { WhitelistIpValue } from '@pitboss/contract/schemas';
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
  return parseIp(value.trim()) !== undefined;
}

/**
 * The form the server answers with (PostgreSQL's `cidr` text): a full-length prefix is a plain
 * address, IPv6 lower case and shortened, so `2001:DB8::1/128` is `2001:db8::1`.
 */
export const canonicalIp = listedIpText;
