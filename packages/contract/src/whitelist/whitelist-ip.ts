import { z } from 'zod';
import { bulkList, Memo, searchText } from '../blacklist/member-list';
import { defineEndpoint } from '../common/endpoint';
import { listEnvelope, PageQuery, sortParam } from '../common/envelope';
import { IpAddress } from '../common/identifiers';
import { WhitelistIpValue } from './ip-range';

/** Spec §3 "Whitelist IP": logins from these addresses and ranges raise no IP alerts. */
export const WhitelistIp = z.object({
  IP: z.string().describe('Address (203.0.113.7) or CIDR range (10.0.0.0/8), in canonical form'),
  Memo: z.string(),
  CreateDate: z.string().describe('When it was added, ISO 8601'),
  CreatedBy: z.string().describe('Account that added it'),
});
export type WhitelistIp = z.infer<typeof WhitelistIp>;

export const WHITELIST_IP_SORT_FIELDS = ['CreateDate', 'IP'] as const;

export const ListWhitelistIpsQuery = PageQuery.extend({
  IP: searchText('Text found in the address or range, e.g. `192.168`'),
  Covering: IpAddress.optional().describe('Only the entries that cover this address, e.g. to see why it is exempt'),
  sort: sortParam(WHITELIST_IP_SORT_FIELDS, 'CreateDate Desc'),
});

export const listWhitelistIps = defineEndpoint({
  method: 'GET',
  path: '/api/v2/monitor/whitelist/ip',
  summary: 'Page through the IP whitelist (page 1, size 25 by default; total in `cnt`)',
  tag: 'whitelist',
  access: 'read',
  querystring: ListWhitelistIpsQuery,
  response: listEnvelope(WhitelistIp),
});

export const IpListAdded = z.object({
  status: z.number(),
  message: z.string(),
  Added: z.array(z.string()).describe('Entries added, in canonical form'),
  AlreadyListed: z.array(z.string()).describe('Entries that were on the whitelist already and were left unchanged'),
});

export const AddWhitelistIpsBody = z.object({
  WhiteIP_UDT: bulkList(z.object({ IP: WhitelistIpValue, Memo: Memo.optional() }), 'address').describe(
    'Entries to add, 1–10,000: `[{IP, Memo?}]`. Addresses are stored canonically (`2001:DB8::1` is ' +
      '`2001:db8::1`); an entry already listed is reported in `AlreadyListed`.',
  ),
});

export const addWhitelistIps = defineEndpoint({
  method: 'POST',
  path: '/api/v2/monitor/whitelist/ip',
  summary: 'Add addresses or CIDR ranges (IPv4 or IPv6) to the IP whitelist',
  tag: 'whitelist',
  access: 'write',
  body: AddWhitelistIpsBody,
  response: IpListAdded,
});

export const IpListRemoved = z.object({
  status: z.number(),
  message: z.string(),
  Removed: z.array(z.string()),
  NotListed: z.array(z.string()),
});

export const RemoveWhitelistIpsBody = z.object({
  IP_UDT: bulkList(z.object({ IP: WhitelistIpValue }), 'address').describe(
    'Entries to remove, 1–10,000: `[{IP}]`, exactly as listed (removing 10.0.0.1 leaves 10.0.0.0/8 in place)',
  ),
});

export const removeWhitelistIps = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/monitor/whitelist/ip',
  summary: 'Remove addresses or ranges from the IP whitelist',
  tag: 'whitelist',
  access: 'write',
  body: RemoveWhitelistIpsBody,
  response: IpListRemoved,
});
