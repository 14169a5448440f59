import type { Sql } from '../../db/database';
import type { BlockedMember } from '../blacklist/add-to-blacklist';
import { enqueue } from '../outbox/outbox.repository';
import { listLockingApis } from './block-api.repository';

export const BLOCK_API_CHANNEL = 'block-api';

/**
 * Retries with the outbox's backoff (1 s doubling to 10 min) for about a day, so a platform that is
 * down for hours still receives the call when it comes back.
 */
export const BLOCK_CALL_MAX_ATTEMPTS = 150;

/** What one queued block call holds; the API's Url and the token are read when it is sent. */
export interface BlockCallPayload {
  apiId: number;
  /** The API's name when queued, for the log should the API be deleted meanwhile. */
  apiName: string;
  memberId: string;
  eventType: number | null;
  memo: string;
  /** When the member was blacklisted: a call for an earlier entry of a member removed since is cancelled. */
  blockedAt: string;
  /**
   * Set for a call made because of an alert (notice block settings, `notifications`): the member need not
   * be on the blacklist, and `blockedAt` is when the alert was detected.
   */
  alert?: { kind: string; alertId: number; eventId: number; level: number };
}

const CHUNK = 5000;

/**
 * Queues one lock call per member and per API with IsLock set, in the caller's transaction (the
 * blacklist insert), so the calls exist exactly when the entries do. Answers how many were queued.
 * `apiIds` narrows the APIs (for callers such as alert notifications that pick them).
 */
export async function enqueueBlockCalls(
  sql: Sql,
  cid: number,
  members: readonly BlockedMember[],
  apiIds?: readonly number[],
): Promise<number> {
  if (members.length === 0) return 0;
  const apis = (await listLockingApis(sql, cid)).filter((api) => !apiIds || apiIds.includes(api.apiId));
  const items = members.flatMap((member) =>
    apis.map((api) => ({
      cid,
      channel: BLOCK_API_CHANNEL,
      maxAttempts: BLOCK_CALL_MAX_ATTEMPTS,
      payload: { apiId: api.apiId, apiName: api.name, ...member } satisfies BlockCallPayload,
    })),
  );
  let queued = 0;
  for (let i = 0; i < items.length; i += CHUNK) queued += (await enqueue(sql, items.slice(i, i + CHUNK))).length;
  return queued;
}
