import {
  type Ack,
  DEFAULT_SIDE_PAIRS,
  LAUNDERING_MESSAGE_CODES,
  LAUNDERING_QUERY_KEYS,
  type LaunderingAlertDetail,
  type LaunderingCounterpart,
  type LaunderingSettingBody,
  type LaunderingSettingRecord,
  type ListEnvelope,
  type ListLaunderingAlertsQuery,
  type ProcessLaunderingAlertsBody,
  toListEnvelope,
} from '@pitboss/contract';
import {
  DEFAULT_LAUNDERING_SETTING,
  matchRound,
  type OpposingBet,
  opposingRuleOf,
  oppositeSides,
  roundKeyOf,
} from '@pitboss/engine';
import type { z } from 'zod';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, notFound } from '../../lib/errors';
import type { Live } from '../../plugins/live';
import type { AlertingService } from '../alerting/alerting.service';
import * as alerts from './laundering-alerts.repository';
import * as evidence from './laundering-evidence.repository';
import * as settings from './laundering-settings.repository';

const DAY_MS = 86_400_000;

type MatchedRound = LaunderingAlertDetail['MatchedRounds'][number];

function toBet(row: evidence.SideBetRow): OpposingBet {
  return {
    id: row.id,
    memberId: row.member_id,
    gameId: row.game_id,
    roundId: row.round_id,
    side: row.side,
    stake: Number(row.stake),
    payout: Number(row.payout),
    atMs: Date.parse(row.at),
    gameType: row.game_type ?? undefined,
  };
}

/** A round as evidence: the bets, and what each member won (+) or lost (−) in it. */
function roundOf(bets: readonly OpposingBet[], members: ReadonlySet<string>): MatchedRound {
  const mine = bets.filter((b) => members.has(b.memberId)).sort((a, b) => a.atMs - b.atMs || (a.id < b.id ? -1 : 1));
  const net = new Map<string, number>();
  for (const b of mine) net.set(b.memberId, (net.get(b.memberId) ?? 0) + b.payout - b.stake);
  const first = mine[0] as OpposingBet;
  return {
    GameID: first.gameId,
    RoundID: first.roundId,
    At: new Date(Math.min(...mine.map((b) => b.atMs))).toISOString(),
    Bets: mine.map((b) => ({
      ID: b.id,
      MemberID: b.memberId,
      Side: b.side,
      Stake: b.stake,
      Payout: b.payout,
      At: new Date(b.atMs).toISOString(),
    })),
    Net: [...net.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([MemberID, Amount]) => ({ MemberID, Amount })),
  };
}

function groupRounds(bets: readonly OpposingBet[]): Map<string, OpposingBet[]> {
  const rounds = new Map<string, OpposingBet[]>();
  for (const bet of bets) {
    const key = roundKeyOf(bet.gameId, bet.roundId);
    const list = rounds.get(key) ?? [];
    list.push(bet);
    rounds.set(key, list);
  }
  return rounds;
}

/**
 * Opposing bets: settings, alerts (list, evidence, review) and search. The price level (platform and
 * aggregator only) is checked by the endpoint declarations before any of this runs.
 */
export class LaunderingService {
  constructor(
    private readonly db: Database,
    private readonly live: Live,
    private readonly alerting: Pick<AlertingService, 'nextEventId'>,
  ) {}

  // Settings

  async listSettings(auth: AuthContext): Promise<ListEnvelope<LaunderingSettingRecord>> {
    return toListEnvelope(await settings.listSettings(this.db, auth.cid));
  }

  async createSetting(auth: AuthContext, body: LaunderingSettingBody) {
    const data = await this.changeSettings(auth.cid, async (sql) =>
      settings.insertSetting(sql, auth.cid, await this.alerting.nextEventId(sql, auth.cid), body, auth.account),
    );
    return { status: 0, data };
  }

  async updateSetting(auth: AuthContext, eventId: number, body: LaunderingSettingBody) {
    const data = await this.changeSettings(auth.cid, (sql) =>
      settings.updateSetting(sql, auth.cid, eventId, body, auth.account),
    );
    if (!data) throw notFound(`Opposing-bet setting ${eventId}`);
    return { status: 0, data };
  }

  async deleteSetting(auth: AuthContext, eventId: number): Promise<Ack> {
    const deleted = await this.changeSettings(auth.cid, (sql) =>
      settings.deleteSetting(sql, auth.cid, eventId, auth.account),
    );
    if (!deleted) throw notFound(`Opposing-bet setting ${eventId}`);
    return { status: 0, message: `Opposing-bet setting ${eventId} deleted; the alerts it raised are kept` };
  }

  private async changeSettings<T>(cid: number, work: (sql: Sql) => Promise<T>): Promise<T> {
    const result = await this.db.tx(async (sql) => {
      await settings.lockSettings(sql, cid);
      return work(sql);
    });
    if (result) this.live.publish(cid, { type: 'invalidate', keys: [LAUNDERING_QUERY_KEYS.settings], cid });
    return result;
  }

  // Alerts

  async listAlerts(auth: AuthContext, query: z.output<typeof ListLaunderingAlertsQuery>) {
    const end = query.End ?? new Date().toISOString();
    const start = query.Start ?? new Date(Date.parse(end) - 7 * DAY_MS).toISOString();
    const { rows, total } = await alerts.listAlerts(this.db, auth.cid, {
      start,
      end,
      memberIds: query.MemberIDs,
      levels: query.Levels,
      status: query.Status,
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
    return toListEnvelope(rows, total);
  }

  async getAlert(auth: AuthContext, alertId: number): Promise<{ status: number; data: LaunderingAlertDetail }> {
    const [record] = await alerts.findAlerts(this.db, auth.cid, [alertId]);
    if (!record) {
      throw new AppError(404, LAUNDERING_MESSAGE_CODES.notFound, `Opposing-bet alert ${alertId} not found`, [
        { field: 'AlertID', message: `alert ${alertId} not found` },
      ]);
    }
    const setting =
      (await settings.listSettings(this.db, auth.cid)).find((s) => s.EventID === record.EventID) ??
      DEFAULT_LAUNDERING_SETTING;
    const rule = { ...opposingRuleOf(record.EventID, setting), minStake: 0 };
    const opposite = oppositeSides(rule);
    const members = new Set(record.MemberIDs);
    const bets = (
      await evidence.findMemberSideBets(this.db, auth.cid, record.MemberIDs, record.WindowStart, record.WindowEnd)
    ).map(toBet);
    const subjectKey =
      record.GroupKind === 'ring' ? `ring:${record.Hub}` : `pair:${record.MemberIDs[0]}|${record.MemberIDs[1]}`;
    const matched: MatchedRound[] = [];
    for (const roundBets of groupRounds(bets).values()) {
      if (matchRound(rule, opposite, roundBets).has(subjectKey)) matched.push(roundOf(roundBets, members));
    }
    matched.sort((a, b) => (a.At < b.At ? -1 : a.At > b.At ? 1 : 0));
    const totalMoved = matched.reduce(
      (sum, round) => sum + round.Net.reduce((s, n) => s + Math.max(0, n.Amount), 0),
      0,
    );
    const [shared, bonus] = await Promise.all([
      evidence.findSharedLinks(this.db, auth.cid, record.MemberIDs),
      evidence.findBonusTurnover(this.db, auth.cid, record.MemberIDs, record.WindowStart, record.WindowEnd),
    ]);
    return {
      status: 0,
      data: {
        ...record,
        MatchedRounds: matched,
        TotalMoved: totalMoved,
        Shared: shared.map((s) => ({ Kind: s.kind, Value: s.value, MemberIDs: s.member_ids })),
        Bonus: bonus.map((b) => {
          const hedged = matched
            .filter((round) => round.At >= b.first_at)
            .flatMap((round) => round.Bets)
            .filter((bet) => bet.MemberID === b.member_id)
            .reduce((sum, bet) => sum + bet.Stake, 0);
          const turnover = Number(b.turnover);
          return {
            MemberID: b.member_id,
            BonusPoints: Number(b.points),
            HedgedShare: turnover > 0 ? Math.min(1, hedged / turnover) : null,
          };
        }),
      },
    };
  }

  async processAlerts(auth: AuthContext, body: z.output<typeof ProcessLaunderingAlertsBody>) {
    const ids = [...new Set(body.AlertIDs)];
    await this.db.tx(async (sql) => {
      const found = await alerts.lockForReview(sql, auth.cid, ids);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) {
        throw new AppError(
          404,
          LAUNDERING_MESSAGE_CODES.notFound,
          `Not found: ${missing.join(', ')}; nothing was changed`,
          missing.map((id) => ({ field: `AlertIDs[${body.AlertIDs.indexOf(id)}]`, message: `alert ${id} not found` })),
        );
      }
      const done = ids.filter((id) => found.get(id) !== 0);
      if (done.length > 0) {
        throw new AppError(
          409,
          LAUNDERING_MESSAGE_CODES.alreadyProcessed,
          `Already processed: ${done.join(', ')}; nothing was changed`,
          done.map((id) => ({
            field: `AlertIDs[${body.AlertIDs.indexOf(id)}]`,
            message: `alert ${id} is already processed`,
          })),
        );
      }
      await alerts.markProcessed(sql, auth.cid, ids, auth.account, body.Memo);
    });
    this.live.publish(auth.cid, { type: 'invalidate', keys: [LAUNDERING_QUERY_KEYS.alerts], cid: auth.cid });
    return { status: 0, Processed: ids };
  }

  // Search

  /** Every counterpart that bet on an opposite side of the same round as the members, whatever the stakes. */
  async search(
    auth: AuthContext,
    query: { MemberIDs?: string[] | undefined; Start?: string | undefined; End?: string | undefined },
  ) {
    const members = query.MemberIDs ?? [];
    const end = query.End ?? new Date().toISOString();
    const start = query.Start ?? new Date(Date.parse(end) - 7 * DAY_MS).toISOString();
    const configured = await settings.listSettings(this.db, auth.cid);
    const pairs = configured.length > 0 ? configured.flatMap((s) => s.SidePairs) : DEFAULT_SIDE_PAIRS;
    const opposite = oppositeSides({ ...opposingRuleOf(0, DEFAULT_LAUNDERING_SETTING), sidePairs: pairs });
    const rows = (await evidence.findOpposingRoundBets(this.db, auth.cid, members, start, end)).map(toBet);
    const wanted = new Set(members);
    const found = new Map<string, { member: string; counterpart: string; rounds: OpposingBet[][] }>();
    for (const roundBets of groupRounds(rows).values()) {
      for (const member of wanted) {
        const mine = roundBets.filter((b) => b.memberId === member);
        if (mine.length === 0) continue;
        const against = new Set<string>();
        for (const b of roundBets) {
          if (b.memberId === member) continue;
          if (mine.some((m) => opposite.get(m.side.toLowerCase())?.has(b.side.toLowerCase()))) against.add(b.memberId);
        }
        for (const counterpart of against) {
          const key = `${member}\u0001${counterpart}`;
          const entry = found.get(key) ?? { member, counterpart, rounds: [] };
          entry.rounds.push(roundBets.filter((b) => b.memberId === member || b.memberId === counterpart));
          found.set(key, entry);
        }
      }
    }
    const people = [...new Set([...found.values()].flatMap((e) => [e.member, e.counterpart]))];
    const links = await evidence.findSharedLinks(this.db, auth.cid, people);
    const out: LaunderingCounterpart[] = [...found.values()].map(({ member, counterpart, rounds }) => {
      const two = new Set([member, counterpart]);
      const list = rounds.map((r) => roundOf(r, two)).sort((a, b) => (a.At < b.At ? -1 : 1));
      let matched = 0;
      let net = 0;
      for (const r of rounds) {
        const stake = (id: string) => r.filter((b) => b.memberId === id).reduce((s, b) => s + b.stake, 0);
        matched += Math.min(stake(member), stake(counterpart));
        net += r.filter((b) => b.memberId === member).reduce((s, b) => s + b.payout - b.stake, 0);
      }
      const shares = (kind: 'ip' | 'device') =>
        links.some((l) => l.kind === kind && l.member_ids.includes(member) && l.member_ids.includes(counterpart));
      return {
        MemberID: member,
        Counterpart: counterpart,
        Rounds: rounds.length,
        MatchedStake: matched,
        NetFlow: net,
        Direction: net > 0 ? 'in' : net < 0 ? 'out' : 'even',
        SharedIP: shares('ip'),
        SharedDevice: shares('device'),
        FirstAt: list[0]?.At ?? start,
        LastAt: list[list.length - 1]?.At ?? start,
        RoundList: list.slice(-200),
      };
    });
    out.sort(
      (a, b) => b.Rounds - a.Rounds || b.MatchedStake - a.MatchedStake || (a.Counterpart < b.Counterpart ? -1 : 1),
    );
    return toListEnvelope(out);
  }
}
