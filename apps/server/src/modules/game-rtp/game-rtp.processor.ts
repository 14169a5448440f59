import { randomUUID } from 'node:crypto';
import {
  alertPath,
  EVENT_TYPE_NAMES,
  GAME_RTP_EVENT_TYPE,
  GAME_RTP_QUERY_KEYS,
  type GameRtpAlertRecord,
  type Level,
  type LevelStep,
} from '@pitboss/contract';
import { type GameRtpAlert, GameRtpDetector, type RtpBet, windowStart } from '@pitboss/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../../db/database';
import type { Live } from '../../plugins/live';
import type { AlertNotice } from '../alerting/alert-notifier';
import type { AlertingService } from '../alerting/alerting.service';
import { baseAmount } from '../event-store/decimal';
import type { EventProcessor } from '../event-store/event-processor';
import type { StoredBatch } from '../event-store/stored-batch';
import type { OutboxWorker } from '../outbox/outbox.worker';
import {
  escalateGameAlert,
  findGameAlerts,
  incidentKey,
  insertGameAlert,
  lockOpenGameAlerts,
  storeTopWins,
} from './game-rtp-alerts.repository';
import {
  type GameRtpStateRow,
  loadEnabledRules,
  loadGames,
  readGameRtpStateStatement,
  replayBets,
  writeToken,
} from './game-rtp-detector.repository';

const DAY = 86_400_000;
/** A rebuild replays at most this far back before the batch (a longer window is then inexact after a restart). */
const REPLAY_DAYS = 15;

interface CompanyDetector {
  detector: GameRtpDetector;
  token: string;
  rulesVersion: number;
  gamesAt: string | null;
}

/** A game alert a batch opened or escalated. */
export interface RaisedGameAlert {
  record: GameRtpAlertRecord;
  escalated: boolean;
}

export interface GameRtpAnnouncer {
  live: Live;
  outbox: Pick<OutboxWorker, 'wake'>;
}

/** A bet's base amounts exactly as stored (`amount × rate` rounded once), as replay reads them. */
function rtpBet(bet: StoredBatch['bets'][number]): RtpBet | undefined {
  const stake = baseAmount(bet.stake, bet.rate);
  const payout = baseAmount(bet.payout, bet.rate);
  if (stake === null || payout === null) return undefined;
  return { id: bet.id, gameId: bet.gameId, at: bet.atMs, stake: Number(stake), payout: Number(payout) };
}

/**
 * Game RTP detection as an ingest step: one `GameRtpDetector` per company in memory, rebuilt by replaying
 * the stored bets whenever the token read under the lock is not the one this process wrote last (another
 * process ingested, a batch rolled back, a restart), or the rules or master data changed. Alerts are
 * stored in the ingest transaction (one incident, one alert), queued for notification there, and pushed
 * live after commit.
 */
export class GameRtpDetection {
  private readonly companies = new Map<number, CompanyDetector>();
  private readonly raised = new WeakMap<StoredBatch, RaisedGameAlert[]>();
  /** Rebuilds so far (tests). */
  rebuilds = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly alerting: Pick<AlertingService, 'queueNotices'>,
    private readonly announcer: GameRtpAnnouncer,
  ) {}

  processor(): EventProcessor {
    return {
      name: 'game-rtp',
      readAtLock: readGameRtpStateStatement,
      process: (sql, batch, atLock) => this.process(sql, batch, atLock[0] as GameRtpStateRow | undefined),
      afterCommit: (batch) => {
        const raised = this.raised.get(batch);
        if (raised) this.announce(batch.company.cid, raised);
      },
    };
  }

  /** Forgets a company's detector (tests: as after a restart). */
  forget(cid: number): void {
    this.companies.delete(cid);
  }

  private async process(sql: Sql, batch: StoredBatch, state: GameRtpStateRow | undefined): Promise<void> {
    if (batch.bets.length === 0) return;
    const cid = batch.company.cid;
    const bets = batch.bets.map(rtpBet).filter((b): b is RtpBet => b !== undefined);
    const token = randomUUID();
    const tokenWritten = writeToken(sql, cid, token);
    let company = this.companies.get(cid);
    const rulesVersion = Number(state?.rules_version ?? 0);
    const gamesAt = state?.games_at ?? null;
    if (
      !company ||
      company.token !== (state?.token ?? null) ||
      company.rulesVersion !== rulesVersion ||
      company.gamesAt !== gamesAt
    ) {
      this.companies.delete(cid);
      company = await this.rebuild(sql, batch, bets, rulesVersion, gamesAt);
    }
    company.token = token;
    const unknown = [...new Set(bets.map((b) => b.gameId))].filter((id) => !company.detector.knows(id));
    if (unknown.length > 0) for (const game of await loadGames(sql, cid, unknown)) company.detector.addGame(game);
    const { alerts } = company.detector.process(bets);
    await tokenWritten;
    this.companies.set(cid, company);
    if (alerts.length > 0) {
      const raised = await this.store(sql, cid, alerts);
      if (raised.length > 0) this.raised.set(batch, raised);
    }
  }

  private async rebuild(
    sql: Sql,
    batch: StoredBatch,
    bets: RtpBet[],
    rulesVersion: number,
    gamesAt: string | null,
  ): Promise<CompanyDetector> {
    this.rebuilds++;
    const cid = batch.company.cid;
    const [rules, games] = await Promise.all([loadEnabledRules(sql, cid), loadGames(sql, cid)]);
    const detector = new GameRtpDetector(rules, games);
    if (rules.length > 0 && bets.length > 0) {
      const first = Math.min(...bets.map((b) => b.at));
      const from = Math.max(
        first - REPLAY_DAYS * DAY,
        Math.min(
          ...rules.map((r) => windowStart(windowStart(first, r.TimeUnit, r.LoopValue), r.TimeUnit, r.LoopValue)),
        ),
      );
      const stored = await replayBets(
        sql,
        cid,
        new Date(from).toISOString(),
        batch.bets.map((b) => b.id),
      );
      detector.process(stored);
      this.log.debug({ cid, replayed: stored.length }, 'game RTP detector rebuilt');
    }
    return { detector, token: '', rulesVersion, gamesAt };
  }

  /** One incident, one alert: opens, escalates in place while pending, or joins; queues one notice per change. */
  private async store(sql: Sql, cid: number, alerts: GameRtpAlert[]): Promise<RaisedGameAlert[]> {
    const detectedAt = new Date().toISOString();
    const open = await lockOpenGameAlerts(sql, cid, alerts);
    const changes = new Map<
      string,
      { alertId?: number; previousLevel: Level | null; top: GameRtpAlert; steps: LevelStep[] }
    >();
    const ordered = [...alerts].sort((a, b) => Date.parse(a.windowEnd) - Date.parse(b.windowEnd) || a.level - b.level);
    for (const alert of ordered) {
      const key = incidentKey(alert.ruleId, alert.gameId);
      const change = changes.get(key);
      const pending = open.get(key);
      const level = change ? change.top.level : (pending?.level ?? 0);
      if (alert.level <= level) continue;
      const step: LevelStep = {
        Level: alert.level,
        Value: alert.observedRtp,
        Threshold: alert.expectedRtp + (alert.direction === 'above' ? alert.band : -alert.band),
        HappenedAt: alert.windowEnd,
        DetectedAt: detectedAt,
      };
      if (change) {
        change.top = alert;
        change.steps.push(step);
      } else {
        changes.set(key, {
          ...(pending ? { alertId: pending.alertId } : {}),
          previousLevel: pending?.level ?? null,
          top: alert,
          steps: [step],
        });
      }
    }
    const ids: number[] = [];
    for (const change of changes.values()) {
      if (change.alertId === undefined) {
        ids.push(await insertGameAlert(sql, cid, change.top, change.steps));
      } else {
        await escalateGameAlert(sql, cid, change.alertId, change.top, change.steps);
        ids.push(change.alertId);
      }
    }
    await storeTopWins(sql, cid, ids);
    const records = new Map((await findGameAlerts(sql, cid, ids)).map((r) => [r.AlertID, r]));
    const list = [...changes.values()];
    await this.alerting.queueNotices(
      sql,
      cid,
      list.map((change, n) => {
        const alertId = ids[n] as number;
        const record = records.get(alertId);
        return noticeOf(
          alertId,
          change,
          change.previousLevel === null ? (record?.CreateDate ?? detectedAt) : detectedAt,
        );
      }),
    );
    return list.map((change, n) => ({
      record: records.get(ids[n] as number) as GameRtpAlertRecord,
      escalated: change.previousLevel !== null,
    }));
  }

  private announce(cid: number, raised: readonly RaisedGameAlert[]): void {
    for (const { record, escalated } of [...raised].reverse()) {
      this.announcer.live.publish(cid, { type: 'alert', cid, kind: 'game', escalated, alert: record });
    }
    this.announcer.live.publish(cid, { type: 'invalidate', keys: [GAME_RTP_QUERY_KEYS.alerts], cid });
    this.announcer.outbox.wake();
  }
}

function noticeOf(
  alertId: number,
  change: { previousLevel: Level | null; top: GameRtpAlert },
  detectedAt: string,
): AlertNotice {
  const alert = change.top;
  return {
    kind: 'game',
    alertId,
    eventId: alert.ruleId,
    eventName: alert.eventName,
    eventType: GAME_RTP_EVENT_TYPE,
    typeName: EVENT_TYPE_NAMES[GAME_RTP_EVENT_TYPE],
    level: alert.level,
    previousLevel: change.previousLevel,
    subject: { kind: 'game', id: alert.gameId },
    memberIds: [],
    value: alert.observedRtp,
    threshold: alert.expectedRtp + (alert.direction === 'above' ? alert.band : -alert.band),
    windowStart: alert.windowStart,
    windowEnd: alert.windowEnd,
    happenedAt: alert.windowEnd,
    detectedAt,
    path: alertPath('game', alertId),
  };
}
