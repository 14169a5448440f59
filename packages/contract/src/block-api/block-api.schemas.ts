import { z } from 'zod';
import { listEnvelope, PageQuery, StatusOk, sortParam } from '../common/envelope.schemas';
import { MemberIdsFilter } from '../common/member-list.schemas';
import {
  BLOCK_API_LOG_OUTCOMES,
  BLOCK_API_LOG_SORT_FIELDS,
  BLOCK_API_NAME_MAX_LENGTH,
  BLOCK_API_TOKEN_MAX_LENGTH,
  BLOCK_API_URL_MAX_LENGTH,
  LOCK_STATES,
} from './block-api';

/**
 * The platform's block APIs (spec §3 "Blocked API"): adding a member to the blacklist POSTs a lock
 * call to every API with IsLock set, through the outbox, with retries. The calls' wire format is
 * `BlockCallRequest` below; every attempt is written to the block-API log.
 */

export const BlockApi = z.object({
  APIID: z.number(),
  Name: z.string(),
  IsLock: z.boolean().describe('Called when a member is added to the blacklist'),
  Url: z.string().describe('http(s) address the lock call is POSTed to'),
  CreateDate: z.string(),
  UpdateDate: z.string(),
});
export type BlockApi = z.infer<typeof BlockApi>;

const Name = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(BLOCK_API_NAME_MAX_LENGTH, `must be at most ${BLOCK_API_NAME_MAX_LENGTH} characters`)
  .describe('Unique name within the company (case-insensitive)');
const IsLock = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 1)
  .describe('true (or 1) to call this API when a member is blacklisted');
const Url = z
  .string()
  .trim()
  .max(BLOCK_API_URL_MAX_LENGTH, `must be at most ${BLOCK_API_URL_MAX_LENGTH} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }))
  .describe('http:// or https:// address of the platform API');

export const AddBlockApiBody = z.object({ Name, IsLock: IsLock.default(true), Url });

export const UpdateBlockApiBody = z
  .object({ Name: Name.optional(), IsLock: IsLock.optional(), Url: Url.optional() })
  .refine((v) => v.Name !== undefined || v.IsLock !== undefined || v.Url !== undefined, {
    message: 'Give Name, IsLock or Url',
    path: ['Name'],
  });

const ApiIdParams = z.object({ APIID: z.coerce.number().int().positive().max(2_147_483_647).describe('API id') });

/** The token itself is never answered: only whether one is set and its last 4 characters. */
export const BlockApiTokenStatus = z.object({
  IsSet: z.boolean(),
  Last4: z.string().describe('Last 4 characters of a token of 12 characters or more; otherwise empty'),
  UpdateDate: z.string().nullable(),
  UpdatedBy: z.string().describe('Account that last set it'),
});
export type BlockApiTokenStatus = z.infer<typeof BlockApiTokenStatus>;

export const SetBlockApiTokenBody = z.object({
  Token: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(BLOCK_API_TOKEN_MAX_LENGTH, `must be at most ${BLOCK_API_TOKEN_MAX_LENGTH} characters`)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in an HTTP header)')
    .describe('The credential the platform expects; replaces the previous one'),
});

/**
 * What Pitboss POSTs to a block API (JSON), with `Authorization: Bearer <Token>` and
 * `Idempotency-Key: <idempotencyKey>`. A 2xx answer counts as done; 5xx, 408, 429, a timeout (5 s)
 * or a network error is retried with backoff for about a day; any other answer is a permanent failure.
 * The same call always carries the same `idempotencyKey`: a retry after a crash may repeat it.
 */
export const BlockCallRequest = z.object({
  action: z.literal('lock'),
  cid: z.number().describe('Pitboss company id'),
  memberId: z.string().describe('The member to lock, as the platform sent it'),
  eventType: z.number().nullable().describe('Alert type that led to the block, null for a manual entry'),
  typeName: z.string(),
  memo: z.string(),
  blockedAt: z.string().describe('When the member was blacklisted, ISO 8601'),
  idempotencyKey: z.string().describe('Same value as the Idempotency-Key header'),
});
export type BlockCallRequest = z.infer<typeof BlockCallRequest>;

export const BlockApiLogOutcome = z.enum(BLOCK_API_LOG_OUTCOMES);

/** Spec §3 "Block-API log": one row per attempt. */
export const BlockApiLog = z.object({
  ID: z.number(),
  CID: z.number(),
  MemberID: z.string(),
  APIID: z.number(),
  APIName: z.string().describe('Name of the API at the time of the attempt'),
  Memo: z.string().describe('Outcome in words, e.g. "Sent: HTTP 200" or "Failed, will retry: HTTP 503"'),
  Outcome: BlockApiLogOutcome.describe('sent; retry (will be tried again); failed (given up); cancelled'),
  Attempt: z.number().describe('1 for the first attempt of a call'),
  CreateDate: z.string(),
});
export type BlockApiLog = z.infer<typeof BlockApiLog>;

export const ListBlockApiLogsQuery = PageQuery.extend({
  MemberIDs: MemberIdsFilter,
  APIID: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('Only the calls of this API'),
  Outcome: BlockApiLogOutcome.optional().describe('Only attempts with this outcome'),
  sort: sortParam(BLOCK_API_LOG_SORT_FIELDS, 'CreateDate Desc'),
});

export const LockStatusQuery = z.object({ MemberIDs: MemberIdsFilter });

export const MemberLockCall = z.object({
  APIName: z.string(),
  State: z.enum(LOCK_STATES),
  Attempts: z.number().int(),
  Detail: z.string().nullable().describe('The last error, for retrying and failed calls'),
  UpdatedAt: z.string().describe('ISO 8601: when it was locked, or last tried, or queued'),
});
export type MemberLockCall = z.infer<typeof MemberLockCall>;

export const MemberLockStatus = z.object({
  MemberID: z.string(),
  Calls: z.array(MemberLockCall).describe('The newest lock call of each block API for this member'),
});
export type MemberLockStatus = z.infer<typeof MemberLockStatus>;

export const LockStatus = z.object({
  LockingApis: z.number().int().describe('Block APIs with IsLock on: with none, blacklisting locks nobody'),
  Members: z.array(MemberLockStatus),
});
export type LockStatus = z.infer<typeof LockStatus>;

/** The schemas of the endpoints of `block-api.api.ts`. */
export const blockApiIo = {
  listBlockApis: { response: listEnvelope(BlockApi) },
  addBlockApi: { body: AddBlockApiBody, response: z.object({ status: z.number(), data: BlockApi }) },
  updateBlockApi: {
    params: ApiIdParams,
    body: UpdateBlockApiBody,
    response: z.object({ status: z.number(), data: BlockApi }),
  },
  deleteBlockApi: { params: ApiIdParams, response: StatusOk },
  getBlockApiToken: { response: z.object({ status: z.number(), data: BlockApiTokenStatus }) },
  setBlockApiToken: {
    body: SetBlockApiTokenBody,
    response: z.object({ status: z.number(), data: BlockApiTokenStatus }),
  },
  listBlockApiLogs: { querystring: ListBlockApiLogsQuery, response: listEnvelope(BlockApiLog) },
  getLockStatus: { querystring: LockStatusQuery, response: z.object({ status: z.number(), data: LockStatus }) },
};
