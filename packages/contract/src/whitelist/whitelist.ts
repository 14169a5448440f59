import { z } from 'zod';
import { bulkList, Keyword, MemberIdsFilter, MemberListAdded, MemberListRemoved, Memo } from '../blacklist/member-list';
import { defineEndpoint } from '../common/endpoint';
import { listEnvelope, PageQuery, sortParam } from '../common/envelope';
import { MemberId } from '../common/identifiers';

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

export const WHITELIST_SORT_FIELDS = ['CreateDate', 'MemberID', 'NickName', 'VIPLevel'] as const;

export const ListWhitelistMembersQuery = PageQuery.extend({
  MemberIDs: MemberIdsFilter,
  Keyword,
  sort: sortParam(WHITELIST_SORT_FIELDS, 'CreateDate Desc'),
});

export const listWhitelistMembers = defineEndpoint({
  method: 'GET',
  path: '/api/v2/monitor/whitelist',
  summary: 'Page through the player whitelist (total in `cnt`)',
  tag: 'whitelist',
  access: 'read',
  querystring: ListWhitelistMembersQuery,
  response: listEnvelope(WhitelistMember),
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

export const addWhitelistMembers = defineEndpoint({
  method: 'POST',
  path: '/api/v2/monitor/whitelist',
  summary: 'Add members to the whitelist: they raise no player alerts',
  tag: 'whitelist',
  access: 'write',
  body: AddWhitelistMembersBody,
  response: MemberListAdded,
});

export const RemoveWhitelistMembersBody = z.object({
  WhiteMember_UDT: bulkList(z.object({ MemberID: MemberId }), 'member').describe(
    'Members to remove, 1–10,000: `[{MemberID}]`',
  ),
});

export const removeWhitelistMembers = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/monitor/whitelist',
  summary: 'Remove members from the whitelist',
  tag: 'whitelist',
  access: 'write',
  body: RemoveWhitelistMembersBody,
  response: MemberListRemoved,
});
