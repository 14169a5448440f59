import {
  type AddWhitelistIpsBody,
  type AddWhitelistMembersBody,
  LIST_QUERY_KEYS,
  type ListWhitelistIpsQuery,
  type ListWhitelistMembersQuery,
  type MemberListAdded,
  type MemberListRemoved,
  type RemoveWhitelistIpsBody,
  type RemoveWhitelistMembersBody,
  toListEnvelope,
} from '@pitboss/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { pageWindow } from '../../lib/paging';
import { TxHooks } from '../../lib/tx-hooks';
import type { Live } from '../../plugins/live';
import { addedResult, refuseMembersOn, removedResult, uniqueBy } from '../blacklist/member-list';
import { lockMemberLists, removeListed } from '../blacklist/member-list.repository';
import * as repo from './whitelist.repository';

/**
 * The player whitelist (members) and the IP whitelist: both exempt what they hold from alerts. Every
 * change that adds or removes an entry runs the `changed` hooks (with the cid) in its transaction: the
 * detectors raise the company's exemptions version there.
 */
export class WhitelistService {
  /** Extension point: runs in the transaction of every change that added or removed an entry. */
  readonly changed = new TxHooks<number>();

  constructor(
    private readonly db: Database,
    private readonly live: Live,
  ) {}

  async listMembers(auth: AuthContext, query: z.output<typeof ListWhitelistMembersQuery>) {
    const { rows, total } = await repo.listMembers(this.db, auth.cid, {
      memberIds: query.MemberIDs,
      keyword: query.Keyword,
      sort: query.sort,
      ...pageWindow(query),
    });
    return toListEnvelope(rows, total);
  }

  async addMembers(auth: AuthContext, body: z.output<typeof AddWhitelistMembersBody>): Promise<MemberListAdded> {
    const entries = uniqueBy(body.WhiteMember_UDT, (m) => m.MemberID);
    const ids = entries.map((e) => e.item.MemberID);
    const added = await this.db.tx(async (sql) => {
      await lockMemberLists(sql, auth.cid);
      await refuseMembersOn(sql, 'blacklist_member', auth.cid, entries, 'WhiteMember_UDT');
      const inserted = await repo.insertMembers(
        sql,
        auth.cid,
        entries.map(({ item }) => ({ memberId: item.MemberID, memo: item.Memo ?? '' })),
        auth.account,
      );
      if (inserted.size > 0) await this.changed.run(sql, auth.cid);
      return inserted;
    });
    this.refresh(auth.cid, LIST_QUERY_KEYS.whitelist);
    return addedResult(ids, added, 'whitelist');
  }

  async removeMembers(
    auth: AuthContext,
    body: z.output<typeof RemoveWhitelistMembersBody>,
  ): Promise<MemberListRemoved> {
    const ids = uniqueBy(body.WhiteMember_UDT, (m) => m.MemberID).map((e) => e.item.MemberID);
    const removed = await this.db.tx(async (sql) => {
      await lockMemberLists(sql, auth.cid);
      const removed = await removeListed(sql, 'whitelist_member', auth.cid, ids);
      if (removed.size > 0) await this.changed.run(sql, auth.cid);
      return removed;
    });
    this.refresh(auth.cid, LIST_QUERY_KEYS.whitelist);
    return removedResult(ids, removed, 'whitelist');
  }

  async listIps(auth: AuthContext, query: z.output<typeof ListWhitelistIpsQuery>) {
    const { rows, total } = await repo.listIps(this.db, auth.cid, {
      text: query.IP,
      covering: query.Covering,
      sort: query.sort,
      ...pageWindow(query),
    });
    return toListEnvelope(rows, total);
  }

  async addIps(auth: AuthContext, body: z.output<typeof AddWhitelistIpsBody>) {
    const entries = body.WhiteIP_UDT.map((e) => ({ ip: e.IP, memo: e.Memo ?? '' }));
    const result = await this.db.tx(async (sql) => {
      const inserted = await repo.insertIps(sql, auth.cid, entries, auth.account);
      if (inserted.some((r) => r.added)) await this.changed.run(sql, auth.cid);
      return inserted;
    });
    this.refresh(auth.cid, LIST_QUERY_KEYS.whitelistIp);
    const added = new Set(result.filter((r) => r.added).map((r) => r.ip));
    return addedResult(
      result.map((r) => r.ip),
      added,
      'IP whitelist',
    );
  }

  async removeIps(auth: AuthContext, body: z.output<typeof RemoveWhitelistIpsBody>) {
    const result = await this.db.tx(async (sql) => {
      const removed = await repo.removeIps(
        sql,
        auth.cid,
        body.IP_UDT.map((e) => e.IP),
      );
      if (removed.some((r) => r.removed)) await this.changed.run(sql, auth.cid);
      return removed;
    });
    this.refresh(auth.cid, LIST_QUERY_KEYS.whitelistIp);
    const removed = new Set(result.filter((r) => r.removed).map((r) => r.ip));
    return removedResult(
      result.map((r) => r.ip),
      removed,
      'IP whitelist',
    );
  }

  private refresh(cid: number, key: string): void {
    this.live.publish(cid, { type: 'invalidate', keys: [key], cid });
  }
}
