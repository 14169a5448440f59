import type { Sql } from '../../db/database';
import type { TxHooks } from '../../lib/tx-hooks';
import { insertMembers, type NewBlacklistMember } from './blacklist.repository';

/** A member this transaction put on the blacklist. */
export interface BlockedMember {
  memberId: string;
  eventType: number | null;
  memo: string;
  /** When the member was blacklisted (the entry's `created_at`). */
  blockedAt: string;
}

/** What the `added` hooks receive: the members a call put on the list; `apiIds` narrows the block APIs called. */
export interface BlacklistAddition {
  cid: number;
  members: BlockedMember[];
  apiIds?: readonly number[] | undefined;
}

/** Extension point of the blacklist: runs in the transaction that added members; each hook answers the outbox items it queued. */
export type BlacklistAddedHooks = TxHooks<BlacklistAddition, number>;

export interface AddToBlacklistResult {
  /** Members this call put on the list (the others were on it already and are left unchanged). */
  added: Set<string>;
  /** Outbox items the hooks queued (block-api: one lock call per added member and IsLock API). */
  queued: number;
}

/**
 * Puts members on the blacklist and runs the `added` hooks in the caller's transaction (block-api
 * queues its lock calls there, so the calls exist exactly when the entries do). For the blacklist
 * screen and for automatic blocks (an alert rule that blacklists, say); `apiIds` narrows the IsLock
 * APIs called. Wake the outbox after commit when something was queued. It does not check the
 * whitelist: the screen does under `lockMemberLists`, and whitelisted members raise no alerts.
 */
export async function addToBlacklist(
  sql: Sql,
  cid: number,
  members: readonly NewBlacklistMember[],
  account: string,
  hooks: BlacklistAddedHooks,
  apiIds?: readonly number[],
): Promise<AddToBlacklistResult> {
  const inserted = await insertMembers(sql, cid, [...members], account);
  const byId = new Map(members.map((m) => [m.memberId, m]));
  const blocked = inserted.map(({ memberId, createdAt }) => ({
    memberId,
    eventType: byId.get(memberId)?.eventType ?? null,
    memo: byId.get(memberId)?.memo ?? '',
    blockedAt: createdAt,
  }));
  const counts = blocked.length > 0 ? await hooks.run(sql, { cid, members: blocked, apiIds }) : [];
  return { added: new Set(inserted.map((r) => r.memberId)), queued: counts.reduce((a, b) => a + b, 0) };
}
