import {
  type ByTimeRow,
  type CheckExportFormat,
  type CheckMemberRow,
  type EventDetailRow,
  type EventVtRow,
  type GameRow,
  type LinkedAccountRow,
  type ListEnvelope,
  type LoginRow,
  type OverviewRow,
  type PurchaseRow,
  type RoundRow,
  type TradeRow,
  toListEnvelope,
  type WinLoseMemberRow,
} from '@pitboss/contract';
import type * as S from '@pitboss/contract/schemas';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { type ExportFile, exportFile } from './check-tools.export';
import * as repo from './check-tools.repository';

type Body<T extends z.ZodType> = z.output<T>;

interface Event2Row {
  Category: string;
  EventName: string;
  Count: number;
  Members: number;
  Points: number;
}
interface EventMemberRow {
  MemberID: string;
  NickName: string;
  Count: number;
  Points: number;
}

/**
 * The check tools: each call reads the range in the company's time zone and answers one page in the
 * spec's list envelope, with the total in `cnt` and the figures over every row (not only the page) in
 * `data.output.Totals`, in the base currency named by `data.output.Currency`.
 */
export class CheckToolsService {
  constructor(private readonly db: Database) {}

  private async range(auth: AuthContext, body: { Start: string; End: string }) {
    const zone = await repo.companyZone(this.db, auth.cid);
    const range: repo.Range = { cid: auth.cid, start: body.Start, end: body.End, timeZone: zone.timeZone };
    return { range, currency: zone.baseCurrency };
  }

  /**
   * One page in the list envelope; with `Export`, the whole result as a file instead, streamed from a
   * cursor (`rows` without `query`: the rows computed here, linked accounts).
   */
  private async list<T>(
    auth: AuthContext,
    name: string,
    body: { Start: string; End: string; Export?: CheckExportFormat | undefined },
    run: (range: repo.Range) => Promise<repo.Listed<unknown>>,
  ): Promise<ListEnvelope<T> | ExportFile> {
    const { range, currency } = await this.range(auth, body);
    const listed = await run(range);
    if (body.Export) {
      const batches = listed.query
        ? repo.cursorBatches(this.db, listed.query)
        : (async function* () {
            yield listed.rows as Record<string, unknown>[];
          })();
      return exportFile(body.Export, `${name}_${body.Start}_${body.End}`, batches);
    }
    const envelope = toListEnvelope(listed.rows as T[], listed.total);
    envelope.data.output = {
      ...envelope.data.output,
      Totals: listed.totals,
      Currency: currency,
      TimeZone: range.timeZone,
    };
    return envelope;
  }

  members(auth: AuthContext, body: Body<typeof S.MemberSearchBody>) {
    return this.list<CheckMemberRow>(auth, 'members', body, (r) => repo.searchMembers(this.db, r, body));
  }

  overview(auth: AuthContext, body: Body<typeof S.OverviewBody>) {
    return this.list<OverviewRow>(auth, 'member-overview', body, (r) => repo.memberOverview(this.db, r, body));
  }

  games(auth: AuthContext, body: Body<typeof S.ToolWinLoseBody>) {
    return this.list<GameRow>(auth, 'win-lose-games', body, (r) => repo.gamesWinLose(this.db, r, body));
  }

  winLoseSort(auth: AuthContext, body: Body<typeof S.WinLoseSortBody>) {
    return this.list<WinLoseMemberRow>(auth, 'win-lose-members', body, (r) => repo.membersWinLose(this.db, r, body));
  }

  memberByTime(auth: AuthContext, body: Body<typeof S.MemberByTimeBody>) {
    return this.list<ByTimeRow>(auth, 'member-by-time', body, (r) => repo.memberByTime(this.db, r, body));
  }

  gameByTime(auth: AuthContext, body: Body<typeof S.GameByTimeBody>) {
    return this.list<ByTimeRow>(auth, 'game-by-time', body, (r) => repo.gameByTime(this.db, r, body));
  }

  rounds(auth: AuthContext, body: Body<typeof S.WinLoseMemberDetailBody>) {
    return this.list<RoundRow>(auth, 'rounds', body, (r) => repo.rounds(this.db, r, body));
  }

  events(auth: AuthContext, body: Body<typeof S.EventBody>) {
    return this.list<EventMemberRow>(auth, 'bonus-by-member', body, (r) => repo.bonusByMember(this.db, r, body));
  }

  eventsV2(auth: AuthContext, body: Body<typeof S.EventV2Body>) {
    return this.list<Event2Row>(auth, 'bonus-by-event', body, (r) => repo.bonusByCategory(this.db, r, body));
  }

  eventDetail(auth: AuthContext, body: Body<typeof S.EventDetailBody>) {
    return this.list<EventDetailRow>(auth, 'bonus-detail', body, (r) => repo.bonuses(this.db, r, body));
  }

  eventVt(auth: AuthContext, body: Body<typeof S.EventVtBody>) {
    return this.list<EventVtRow>(auth, 'bonus-turnover', body, (r) => repo.bonusTurnover(this.db, r, body));
  }

  purchases(auth: AuthContext, body: Body<typeof S.PurchaseBody>) {
    return this.list<PurchaseRow>(auth, 'top-ups', body, (r) => repo.purchases(this.db, r, body));
  }

  trades(auth: AuthContext, body: Body<typeof S.TradeBody>) {
    return this.list<TradeRow>(auth, 'transfers', body, (r) => repo.transfers(this.db, r, body));
  }

  logins(auth: AuthContext, body: Body<typeof S.MemberLoginsBody>) {
    return this.list<LoginRow>(auth, 'logins', body, (r) => repo.logins(this.db, r, body));
  }

  /**
   * Accounts linked to the members named by MemberIDs (none named: an empty list) by a shared IP or
   * device in the range: hop 1, and with Hops 2 the members linked to those. Ranked and paged here: the
   * list is as long as the ring.
   */
  linked(auth: AuthContext, body: Body<typeof S.LinkedAccountsBody>) {
    return this.list<LinkedAccountRow>(auth, 'linked-accounts', body, async (range) => {
      const seeds = body.MemberIDs ?? [];
      const hop1 = await repo.linkedMembers(this.db, range, seeds, seeds);
      const hop1Ids = hop1.map((r) => r.member_id);
      const hop2 = body.Hops === 2 ? await repo.linkedMembers(this.db, range, hop1Ids, [...seeds, ...hop1Ids]) : [];
      const toRow = (r: repo.LinkRow, hop: 1 | 2): LinkedAccountRow => ({
        MemberID: r.member_id,
        NickName: r.nick_name,
        Hop: hop,
        Via: hop === 1 ? '' : r.via,
        SharedIPs: r.ips,
        SharedDevices: r.devices,
        SharedLogins: r.shared_logins,
        SharedRegistrations: r.shared_registrations,
        Strength: r.ips.length + r.devices.length + r.shared_registrations,
      });
      const all = [...hop1.map((r) => toRow(r, 1)), ...hop2.map((r) => toRow(r, 2))];
      const { field, order } = body.sort;
      const sign = order === 'Asc' ? 1 : -1;
      all.sort((a, b) => {
        const x = a[field];
        const y = b[field];
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return c * sign || a.Hop - b.Hop || a.MemberID.localeCompare(b.MemberID);
      });
      const from = (body.PageNumber - 1) * body.PageSize;
      return {
        rows: body.Export ? all : all.slice(from, from + body.PageSize),
        total: all.length,
        totals: { Hop1: hop1.length, Hop2: hop2.length },
      };
    });
  }

  async eventCategories(auth: AuthContext) {
    return { status: 0, data: await repo.bonusCategories(this.db, auth.cid) };
  }

  async purchaseValues(auth: AuthContext, column: 'platform' | 'payment_name' | 'category') {
    return { status: 0, data: await repo.purchaseValues(this.db, auth.cid, column) };
  }
}
