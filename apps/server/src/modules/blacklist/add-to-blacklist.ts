import type { Sql } from '../../db/database';
import { enqueueBlockCalls } from '../block-api/block-calls';
import { insertMembers, type NewBlacklistMember } from './blacklist.repository';

export interface AddToBlacklistResult {
  /** Members this call put on the list (the others were on it already and are left unchanged). */
  added: Set<string>;
  /** Lock calls queued: one per added member and block API with IsLock set. */
  queued: number;
}

/**
 * Puts members on the blacklist and queues their lock calls, in the caller's transaction: the calls
 * exist exactly when the entries do. For the blacklist screen and for automatic blocks (an alert rule
 * that blacklists, say); `apiIds` narrows the IsLock APIs called. Call `ctx.outbox.wake()` after commit.
 * It does not check the whitelist: the screen does under `lockMemberLists`, and whitelisted members
 * raise no alerts.
 */
export async function addToBlacklist(
  sql: Sql,
  cid: number,
  members: readonly NewBlacklistMember[],
  account: string,
  apiIds?: readonly number[],
): Promise<AddToBlacklistResult> {
  const inserted = await insertMembers(sql, cid, [...members], account);
  const byId = new Map(members.map((m) => [m.memberId, m]));
  const queued = await enqueueBlockCalls(
    sql,
    cid,
    inserted.map(({ memberId, createdAt }) => ({
      memberId,
      eventType: byId.get(memberId)?.eventType ?? null,
      memo: byId.get(memberId)?.memo ?? '',
      blockedAt: createdAt,
    })),
    apiIds,
  );
  return { added: new Set(inserted.map((r) => r.memberId)), queued };
}
