import { z } from 'zod';
import { GAME_RTP_EVENT_TYPE, LAUNDERING_EVENT_TYPE } from '../alerting/alerting';
import { AlertType } from '../common/enums.schemas';
import { intListParam, listEnvelope, PageQuery, sortParam } from '../common/envelope.schemas';
import { MemberId } from '../common/identifiers.schemas';
import {
  bulkList,
  Keyword,
  MemberIdsFilter,
  MemberListAdded,
  MemberListRemoved,
  Memo,
} from '../common/member-list.schemas';
import { BLACKLIST_SORT_FIELDS } from './blacklist';

/** Spec §3 "Block-list member", plus who added it and when it last changed. */
export const BlacklistMember = z.object({
  MemberID: z.string(),
  NickName: z.string().describe("From the member's data; empty while the member has not been seen"),
  VIPLevel: z.number().describe("From the member's data; 0 while the member has not been seen"),
  TypeName: z.string().describe('Name of the alert type that led to the entry, or "Manual"'),
  Memo: z.string(),
  CreateDate: z.string().describe('When the member was added, ISO 8601'),
  EventType: z
    .number()
    .nullable()
    .describe(
      'Event type (1–7 player alerts, 8 game RTP, 9 opposing bets) that led to the entry; null for a manual entry',
    ),
  CreatedBy: z.string().describe('Account that added the member'),
  UpdateDate: z.string().describe('When the entry last changed, ISO 8601'),
  UpdatedBy: z.string().describe('Account that last changed the entry'),
});
export type BlacklistMember = z.infer<typeof BlacklistMember>;

/**
 * The event type that led to a blacklist entry: a player alert type (1–7), game RTP (8) or opposing bets (9),
 * as notification settings number them (`NOTICE_EVENT_TYPES`).
 */
export const BlacklistEventType = z.union([
  AlertType,
  z.literal(GAME_RTP_EVENT_TYPE),
  z.literal(LAUNDERING_EVENT_TYPE),
]);
export type BlacklistEventType = z.infer<typeof BlacklistEventType>;

export const ListBlacklistMembersQuery = PageQuery.extend({
  MemberIDs: MemberIdsFilter,
  Keyword,
  EventTypes: intListParam()
    .refine((v) => !v || v.every((n) => n >= 0 && n <= 9), 'must be event types 1 to 9, or 0 for manual entries')
    .describe('Event types to show, e.g. `1,3,9`; 0 stands for manual entries'),
  sort: sortParam(BLACKLIST_SORT_FIELDS, 'CreateDate Desc'),
});

export const BlackMemberInput = z.object({
  MemberID: MemberId.describe('Member ID, text or number; trimmed, 1–64 characters'),
  Memo: Memo.optional(),
  EventType: BlacklistEventType.nullable()
    .optional()
    .describe('Event type (1–9) that led to the entry; omit or null for a manual entry'),
});

export const AddBlacklistMembersBody = z.object({
  BlackMember_UDT: bulkList(BlackMemberInput, 'member').describe(
    'Members to add, 1–10,000: `[{MemberID, Memo?, EventType?}]`. IDs already on the blacklist are reported in ' +
      '`AlreadyListed` and left unchanged; an ID given twice counts once (first Memo wins). The whole call is ' +
      'refused (409 MEMBER_ON_WHITELIST) when any member is on the whitelist.',
  ),
});

export const AddBlacklistMembersResponse = MemberListAdded.extend({
  BlockCallsQueued: z
    .number()
    .describe('Block-API calls queued: one per added member and per API with IsLock set (see the block-API log)'),
});

export const UpdateBlacklistMemberBody = z
  .object({
    Memo: Memo.optional(),
    EventType: BlacklistEventType.nullable().optional().describe('Event type 1–9, or null for a manual entry'),
  })
  .refine((v) => v.Memo !== undefined || v.EventType !== undefined, {
    message: 'Give Memo or EventType',
    path: ['Memo'],
  })
  .describe('Fields to change: `{Memo?, EventType?}`. Editing does not call the block APIs again.');

export const RemoveBlacklistMembersBody = z.object({
  BlackMember_UDT: bulkList(z.object({ MemberID: MemberId }), 'member').describe(
    'Members to remove, 1–10,000: `[{MemberID}]`. Removal does not call the block APIs (no unlock: unlock the ' +
      "member in the platform's own back office); lock calls still queued for a removed member are cancelled.",
  ),
});

/** The schemas of the endpoints of `blacklist.api.ts`. */
export const blacklistIo = {
  listBlacklistMembers: { querystring: ListBlacklistMembersQuery, response: listEnvelope(BlacklistMember) },
  getBlacklistMember: {
    params: z.object({ id: MemberId.describe('Member ID') }),
    response: z.object({ status: z.number(), data: BlacklistMember }),
  },
  addBlacklistMembers: { body: AddBlacklistMembersBody, response: AddBlacklistMembersResponse },
  updateBlacklistMember: {
    params: z.object({ MemberID: MemberId.describe('Member ID') }),
    body: UpdateBlacklistMemberBody,
    response: z.object({ status: z.number(), data: BlacklistMember }),
  },
  removeBlacklistMembers: { body: RemoveBlacklistMembersBody, response: MemberListRemoved },
};
