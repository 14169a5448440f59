import {
  type AddBlacklistMembersBody,
  type BlacklistMember,
  LIST_QUERY_KEYS,
  type ListBlacklistMembersQuery,
  MEMBER_LIST_CODES,
  type MemberListRemoved,
  type RemoveBlacklistMembersBody,
  toListEnvelope,
  typeNameOf,
  type UpdateBlacklistMemberBody,
} from '@pitboss/contract';
import type { z } from 'zod';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { TxHooks } from '../../lib/tx-hooks';
import type { Live } from '../../plugins/live';
import type { OutboxWorker } from '../outbox/outbox.worker';
import { addToBlacklist, type BlacklistAddition } from './add-to-blacklist';
import * as repo from './blacklist.repository';
import { addedResult, refuseMembersOn, removedResult, uniqueBy } from './member-list';
import { lockMemberLists, removeListed } from './member-list.repository';

const withTypeName = (row: repo.BlacklistRow): BlacklistMember => ({ ...row, TypeName: typeNameOf(row.EventType) });

export const notOnBlacklist = (memberId: string) =>
  new AppError(404, MEMBER_LIST_CODES.notListed, `Member ${memberId} is not on the blacklist`);

/** The player blacklist: listing, adding (which queues the block-API lock calls), editing, removing. */
export class BlacklistService {
  /** Extension point: runs in the transaction that put members on the list (block-api queues its calls). */
  readonly added = new TxHooks<BlacklistAddition, number>();

  constructor(
    private readonly db: Database,
    private readonly live: Live,
    private readonly outbox: Pick<OutboxWorker, 'wake'>,
  ) {}

  async list(auth: AuthContext, query: z.output<typeof ListBlacklistMembersQuery>) {
    const { rows, total } = await repo.listMembers(this.db, auth.cid, {
      memberIds: query.MemberIDs,
      keyword: query.Keyword,
      eventTypes: query.EventTypes,
      sort: query.sort,
      ...pageWindow(query),
    });
    return toListEnvelope(rows.map(withTypeName), total);
  }

  async get(auth: AuthContext, memberId: string): Promise<BlacklistMember> {
    const row = await repo.findMember(this.db, auth.cid, memberId);
    if (!row) throw notOnBlacklist(memberId);
    return withTypeName(row);
  }

  async add(auth: AuthContext, body: z.output<typeof AddBlacklistMembersBody>) {
    const ids = uniqueBy(body.BlackMember_UDT, (m) => m.MemberID).map((e) => e.item.MemberID);
    const { added, queued } = await this.db.tx((sql) => this.addWithin(sql, auth, body.BlackMember_UDT));
    this.afterAdd(auth.cid, queued);
    return { ...addedResult(ids, added, 'blacklist'), BlockCallsQueued: queued };
  }

  /**
   * Puts members on the blacklist in the caller's transaction (refused whole when one is on the
   * whitelist), queueing their lock calls; call `afterAdd` once it has committed.
   */
  async addWithin(
    sql: Sql,
    auth: AuthContext,
    members: readonly { MemberID: string; Memo?: string | undefined; EventType?: number | null | undefined }[],
  ): Promise<{ added: ReadonlySet<string>; queued: number }> {
    const entries = uniqueBy(members, (m) => m.MemberID);
    await lockMemberLists(sql, auth.cid);
    await refuseMembersOn(sql, 'whitelist_member', auth.cid, entries, 'BlackMember_UDT');
    return addToBlacklist(
      sql,
      auth.cid,
      entries.map(({ item }) => ({
        memberId: item.MemberID,
        memo: item.Memo ?? '',
        eventType: item.EventType ?? null,
      })),
      auth.account,
      this.added,
    );
  }

  /** After members were added: wake the lock calls and refresh the lists on screen. */
  afterAdd(cid: number, queued: number): void {
    if (queued > 0) this.outbox.wake();
    this.changed(cid);
  }

  async update(
    auth: AuthContext,
    memberId: string,
    body: z.output<typeof UpdateBlacklistMemberBody>,
  ): Promise<BlacklistMember> {
    const found = await repo.updateMember(
      this.db,
      auth.cid,
      memberId,
      { memo: body.Memo, eventType: body.EventType },
      auth.account,
    );
    if (!found) throw notOnBlacklist(memberId);
    this.changed(auth.cid);
    return this.get(auth, memberId);
  }

  async remove(auth: AuthContext, body: z.output<typeof RemoveBlacklistMembersBody>): Promise<MemberListRemoved> {
    const ids = uniqueBy(body.BlackMember_UDT, (m) => m.MemberID).map((e) => e.item.MemberID);
    const removed = await this.db.tx(async (sql) => {
      await lockMemberLists(sql, auth.cid);
      return removeListed(sql, 'blacklist_member', auth.cid, ids);
    });
    this.changed(auth.cid);
    return removedResult(ids, removed, 'blacklist');
  }

  private changed(cid: number): void {
    this.live.publish(cid, { type: 'invalidate', keys: [LIST_QUERY_KEYS.blacklist], cid });
  }
}
