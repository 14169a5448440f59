import { z } from 'zod';
import { listEnvelope, PageQuery, sortParam } from '../common/envelope.schemas';
import { MemberId } from '../common/identifiers.schemas';
import { IpAddress, WhitelistIpValue } from '../common/ip.schemas';
import {
  bulkList,
  Keyword,
  MemberIdsFilter,
  MemberListAdded,
  MemberListRemoved,
  Memo,
  searchText,
} from '../common/member-list.schemas';
import { WHITELIST_IP_SORT_FIELDS, WHITELIST_SORT_FIELDS } from './whitelist';

/** A whitelisted member: raises no player alerts. */
export const WhitelistMember = z.object({
  MemberID: z.string(),
  NickName: z.string().describe("From the member's data; empty while the member has not been seen"),
  VIPLevel: z.number().describe("From the member's data; 0 while the member has not been seen"),
  Memo: z.string(),
  CreateDate: z.string().describe('When the member was added, ISO 8601'),
  CreatedBy: z.string().describe('Account that added the member'),
});
export type WhitelistMember = z.infer<typeof WhitelistMember>;

export const ListWhitelistMembersQuery = PageQuery.extend({
  MemberIDs: MemberIdsFilter,
  Keyword,
  sort: sortParam(WHITELIST_SORT_FIELDS, 'CreateDate Desc'),
});

export const AddWhitelistMembersBody = z.object({
  WhiteMember_UDT: bulkList(
    z.object({
      MemberID: MemberId.describe('Member ID, text or number; trimmed, 1–64 characters'),
      Memo: Memo.optional(),
    }),
    'member',
  ).describe(
    'Members to add, 1–10,000: `[{MemberID, Memo?}]`. IDs already on the whitelist are reported in ' +
      '`AlreadyListed`; the whole call is refused (409 MEMBER_ON_BLACKLIST) when any member is on the blacklist.',
  ),
});

export const RemoveWhitelistMembersBody = z.object({
  WhiteMember_UDT: bulkList(z.object({ MemberID: MemberId }), 'member').describe(
    'Members to remove, 1–10,000: `[{MemberID}]`',
  ),
});

/** Spec §3 "Whitelist IP": logins from these addresses and ranges raise no IP alerts. */
export const WhitelistIp = z.object({
  IP: z.string().describe('Address (203.0.113.7) or CIDR range (10.0.0.0/8), in canonical form'),
  Memo: z.string(),
  CreateDate: z.string().describe('When it was added, ISO 8601'),
  CreatedBy: z.string().describe('Account that added it'),
});
export type WhitelistIp = z.infer<typeof WhitelistIp>;

export const ListWhitelistIpsQuery = PageQuery.extend({
  IP: searchText('Text found in the address or range, e.g. `192.168`'),
  Covering: IpAddress.optional().describe('Only the entries that cover this address, e.g. to see why it is exempt'),
  sort: sortParam(WHITELIST_IP_SORT_FIELDS, 'CreateDate Desc'),
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

/** The schemas of the endpoints of `whitelist.api.ts`. */
export const whitelistIo = {
  listWhitelistMembers: { querystring: ListWhitelistMembersQuery, response: listEnvelope(WhitelistMember) },
  addWhitelistMembers: { body: AddWhitelistMembersBody, response: MemberListAdded },
  removeWhitelistMembers: { body: RemoveWhitelistMembersBody, response: MemberListRemoved },
  listWhitelistIps: { querystring: ListWhitelistIpsQuery, response: listEnvelope(WhitelistIp) },
  addWhitelistIps: { body: AddWhitelistIpsBody, response: IpListAdded },
  removeWhitelistIps: { body: RemoveWhitelistIpsBody, response: IpListRemoved },
};
