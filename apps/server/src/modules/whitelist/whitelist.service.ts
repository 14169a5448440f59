import {
  type AddWhitelistIpsBody,
  type AddWhitelistMembersBody,
  LIST_QUERY_KEYS,
  type ListWhitelistIpsQuery,
  type ListWhitelistMembersQuery,
  MEMBER_LIST_CODES,
  type MemberListAdded,
  type MemberListRemoved,
  type RemoveWhitelistIpsBody,
  type RemoveWhitelistMembersBody,
  toListEnvelope,
} from '@pitboss/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { AuthContext } from '../auth/auth-context';
import { addedMessage, listSome, refused, removedMessage, uniqueBy } from '../blacklist/member-list';
import { findListed, lockMemberLists, removeListed } from '../blacklist/member-list.repository';
import * as repo from './whitelist.repository';

/** The player whitelist (members) and the IP whitelist: both exempt what they hold from alerts. */
export class WhitelistService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'hub'>) {}

  async listMembers(auth: AuthContext, query: z.output<typeof ListWhitelistMembersQuery>) {
    const { rows, total } = await repo.listMembers(this.ctx.db, auth.cid, {
      memberIds: query.MemberIDs,
      keyword: query.Keyword,
      sort: query.sort,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return toListEnvelope(rows, total);
  }

  async addMembers(auth: AuthContext, body: z.output<typeof AddWhitelistMembersBody>): Promise<MemberListAdded> {
    const entries = uniqueBy(body.WhiteMember_UDT, (m) => m.MemberID);
    const ids = entries.map((e) => e.item.MemberID);
    const added = await this.ctx.db.tx(async (sql) => {
      await lockMemberLists(sql, auth.cid);
      const blacklisted = await findListed(sql, 'blacklist_member', auth.cid, ids);
      if (blacklisted.size > 0) {
        const onBoth = entries.filter((e) => blacklisted.has(e.item.MemberID));
        throw refused(
          MEMBER_LIST_CODES.onBlacklist,
          `${onBoth.length} of these members are on the blacklist and cannot be whitelisted: ` +
            `${listSome(onBoth.map((e) => e.item.MemberID))}. Remove them from the blacklist first; nothing was changed.`,
          onBoth.map((e) => ({
            field: `WhiteMember_UDT[${e.index}].MemberID`,
            message: `${e.item.MemberID} is on the blacklist`,
          })),
        );
      }
      return repo.insertMembers(
        sql,
        auth.cid,
        entries.map(({ item }) => ({ memberId: item.MemberID, memo: item.Memo ?? '' })),
        auth.account,
      );
    });
    this.changed(auth.cid, LIST_QUERY_KEYS.whitelist);
    const alreadyListed = ids.filter((id) => !added.has(id));
    return {
      status: 0,
      message: addedMessage(added.size, alreadyListed.length, 'whitelist'),
      Added: ids.filter((id) => added.has(id)),
      AlreadyListed: alreadyListed,
    };
  }

  async removeMembers(
    auth: AuthContext,
    body: z.output<typeof RemoveWhitelistMembersBody>,
  ): Promise<MemberListRemoved> {
    const ids = uniqueBy(body.WhiteMember_UDT, (m) => m.MemberID).map((e) => e.item.MemberID);
    const removed = await this.ctx.db.tx(async (sql) => {
      await lockMemberLists(sql, auth.cid);
      return removeListed(sql, 'whitelist_member', auth.cid, ids);
    });
    this.changed(auth.cid, LIST_QUERY_KEYS.whitelist);
    const notListed = ids.filter((id) => !removed.has(id));
    return {
      status: 0,
      message: removedMessage(removed.size, notListed.length, 'whitelist'),
      Removed: ids.filter((id) => removed.has(id)),
      NotListed: notListed,
    };
  }

  async listIps(auth: AuthContext, query: z.output<typeof ListWhitelistIpsQuery>) {
    const { rows, total } = await repo.listIps(this.ctx.db, auth.cid, {
      text: query.IP,
      covering: query.Covering,
      sort: query.sort,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return toListEnvelope(rows, total);
  }

  async addIps(auth: AuthContext, body: z.output<typeof AddWhitelistIpsBody>) {
    const entries = body.WhiteIP_UDT.map((e) => ({ ip: e.IP, memo: e.Memo ?? '' }));
    const result = await this.ctx.db.tx((sql) => repo.insertIps(sql, auth.cid, entries, auth.account));
    this.changed(auth.cid, LIST_QUERY_KEYS.whitelistIp);
    const added = result.filter((r) => r.added).map((r) => r.ip);
    const already = result.filter((r) => !r.added).map((r) => r.ip);
    return {
      status: 0,
      message: addedMessage(added.length, already.length, 'IP whitelist'),
      Added: added,
      AlreadyListed: already,
    };
  }

  async removeIps(auth: AuthContext, body: z.output<typeof RemoveWhitelistIpsBody>) {
    const result = await this.ctx.db.tx((sql) =>
      repo.removeIps(
        sql,
        auth.cid,
        body.IP_UDT.map((e) => e.IP),
      ),
    );
    this.changed(auth.cid, LIST_QUERY_KEYS.whitelistIp);
    const removed = result.filter((r) => r.removed).map((r) => r.ip);
    const notListed = result.filter((r) => !r.removed).map((r) => r.ip);
    return {
      status: 0,
      message: removedMessage(removed.length, notListed.length, 'IP whitelist'),
      Removed: removed,
      NotListed: notListed,
    };
  }

  private changed(cid: number, key: string): void {
    this.ctx.hub.publish(cid, { type: 'invalidate', keys: [key], cid });
  }
}
