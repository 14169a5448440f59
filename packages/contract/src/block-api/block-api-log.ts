import { z } from 'zod';
import { MemberIdsFilter } from '../blacklist/member-list';
import { defineEndpoint } from '../common/endpoint';
import { listEnvelope, PageQuery, sortParam } from '../common/envelope';

export const BLOCK_API_LOG_OUTCOMES = ['sent', 'retry', 'failed', 'cancelled'] as const;
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

export const BLOCK_API_LOG_SORT_FIELDS = ['CreateDate', 'MemberID', 'APIName'] as const;

export const ListBlockApiLogsQuery = PageQuery.extend({
  MemberIDs: MemberIdsFilter,
  APIID: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('Only the calls of this API'),
  Outcome: BlockApiLogOutcome.optional().describe('Only attempts with this outcome'),
  sort: sortParam(BLOCK_API_LOG_SORT_FIELDS, 'CreateDate Desc'),
});

export const listBlockApiLogs = defineEndpoint({
  method: 'GET',
  path: '/api/v2/monitor/blacklist/logs',
  summary: 'Page through the block-API log: every attempt to call a block API (total in `cnt`)',
  tag: 'block-api',
  access: 'read',
  querystring: ListBlockApiLogsQuery,
  response: listEnvelope(BlockApiLog),
});
