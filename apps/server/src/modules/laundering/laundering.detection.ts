import { randomUUID } from 'node:crypto';
import {
  alertPath,
  EVENT_TYPE_NAMES,
  LAUNDERING_EVENT_TYPE,
  LAUNDERING_QUERY_KEYS,
  type LaunderingAlertRecord,
  type LaunderingSettingRecord,
} from '@pitboss/contract';
import { type OpposingBet, OpposingBetDetector, type OpposingRaise, opposingRuleOf } from '@pitboss/engine';
import type { Sql } from '../../db/database';
import type { Live } from '../../plugins/live';
import type { AlertNotice } from '../alerting/alert-notifier';
import type { AlertingService } from '../alerting/alerting.service';
import type { EventProcessor } from '../event-store/event-processor';
import type { StoredBatch, StoredBet } from '../event-store/stored-batch';
import type { OutboxWorker } from '../outbox/outbox.worker';
import type { LaunderingRaise } from './laundering-alerts.repository';
import * as alerts from './laundering-alerts.repository';
import { findSideBetsSince, type SideBetRow } from './laundering-evidence.repository';
import { enabledSettingsStatement, settingOf, writeDetectorToken } from './laundering-settings.repository';

/**
 * How late a bet may arrive behind the company's newest event and still be matched: a round is decided
 * (and may raise) once the company's events have moved this far past it.
 */
export const LAUNDERING_LATE_MS = 120_000;

interface CompanyDetectors {
  /** The settings the detectors were built from (EventID and UpdateDate of each enabled one). */
  signature: string;
  detectors: { setting: LaunderingSettingRecord; detector: OpposingBetDetector }[];
  /** Set while a batch is in its transaction; a batch that never committed leaves it set: rebuild. */
  inFlight: boolean;
  /** The token this process wrote with its last batch; another one in the database means rebuild. */
  token: string;
}

function fromStored(bet: StoredBet): OpposingBet | null {
  if (!bet.side) return null;
  return {
    id: bet.id,
    memberId: bet.memberId,
    gameId: bet.gameId,
    roundId: bet.roundId,
    side: bet.side,
    stake: bet.stakeBase ?? bet.stake,
    payout: bet.payoutBase ?? bet.payout,
    atMs: bet.atMs,
    gameType: bet.gameType,
  };
}

function fromRow(row: SideBetRow): OpposingBet {
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

/**
 * Opposing-bet detection at ingest: one `OpposingBetDetector` per enabled setting of a platform or
 * aggregator company, in memory. Not persisted: rebuilt by replaying the stored bets with a side of the
 * retention span (2 windows + 1 hour before the batch's newest bet) when the process has none for the
 * company, when a setting changed, when the previous batch did not commit, or when another process ran
 * the company's last batch (the token in `laundering_detector` is not the one this process wrote). Raises stored before (by
 * the replay of a rebuild) change nothing (`laundering_raise`).
 */
export class LaunderingDetection {
  private readonly companies = new Map<number, CompanyDetectors>();
  private readonly raised = new WeakMap<StoredBatch, { record: LaunderingAlertRecord; escalated: boolean }[]>();

  constructor(
    private readonly deps: {
      alerting: Pick<AlertingService, 'queueNotices'>;
      live: Live;
      outbox: Pick<OutboxWorker, 'wake'>;
    },
  ) {}

  /** The detectors' sizes, for tests and benchmarks. */
  stats(cid: number) {
    return this.companies.get(cid)?.detectors.map((d) => ({ eventId: d.setting.EventID, ...d.detector.stats() })) ?? [];
  }

  /** Drops the company's detectors: the next batch rebuilds them by replay (a restart, in tests). */
  forget(cid: number): void {
    this.companies.delete(cid);
  }

  processor(): EventProcessor {
    return {
      name: 'laundering',
      readAtLock: enabledSettingsStatement,
      process: (sql, batch, atLock) => this.process(sql, batch, atLock),
      afterCommit: (batch) => this.afterCommit(batch),
    };
  }

  private async process(sql: Sql, batch: StoredBatch, atLock: readonly Record<string, unknown>[]): Promise<void> {
    const { cid, operatorType } = batch.company;
    if (operatorType === 2) return;
    const bets = batch.bets.map(fromStored).filter((b): b is OpposingBet => b !== null);
    const settings = atLock.map(settingOf);
    if (settings.length === 0) {
      this.companies.delete(cid);
      return;
    }
    // The company's clock: its newest event of the batch (bets without a side and logins too), so the
    // rounds behind it close and raise even when no further bet with a side arrives.
    let clockMs = Number.NEGATIVE_INFINITY;
    for (const event of batch.events) if (event.atMs > clockMs) clockMs = event.atMs;
    const lastToken = (atLock[0]?.detector_token as string | null | undefined) ?? null;
    // Nothing to match and no detector anywhere yet: nothing to do.
    if (bets.length === 0 && !this.companies.has(cid) && lastToken === null) return;
    const signature = settings.map((s) => `${s.EventID}@${s.UpdateDate}`).join(',');
    let company = this.companies.get(cid);
    const raises: { setting: LaunderingSettingRecord; detector: OpposingBetDetector; raise: OpposingRaise }[] = [];
    if (!company || company.signature !== signature || company.inFlight || company.token !== lastToken) {
      company = {
        signature,
        inFlight: false,
        token: '',
        detectors: settings.map((setting) => ({
          setting,
          detector: new OpposingBetDetector(opposingRuleOf(setting.EventID, setting), {
            lateMs: LAUNDERING_LATE_MS,
            replayFromMs: clockMs - retentionOf(setting),
          }),
        })),
      };
      this.companies.set(cid, company);
      const retention = Math.max(...company.detectors.map((d) => d.detector.retentionMs));
      // The batch's own bets are stored already (same transaction): the replay includes them.
      const stored = (await findSideBetsSince(sql, cid, new Date(clockMs - retention).toISOString())).map(fromRow);
      for (const d of company.detectors) {
        for (const raise of d.detector.push(stored)) raises.push({ ...d, raise });
      }
    }
    company.inFlight = true;
    company.token = randomUUID();
    await writeDetectorToken(sql, cid, company.token);
    for (const d of company.detectors) {
      for (const raise of d.detector.push(bets, clockMs)) raises.push({ ...d, raise });
    }
    if (raises.length === 0) return;
    const stored = await this.store(
      sql,
      cid,
      raises.map(({ setting, detector, raise }) => toStoredRaise(setting, detector, raise)),
    );
    if (stored.length > 0) this.raised.set(batch, stored);
  }

  private afterCommit(batch: StoredBatch): void {
    const company = this.companies.get(batch.company.cid);
    if (company) company.inFlight = false;
    const raised = this.raised.get(batch);
    if (!raised) return;
    const cid = batch.company.cid;
    for (const { record, escalated } of [...raised].reverse()) {
      this.deps.live.publish(cid, { type: 'alert', cid, kind: 'laundering', escalated, alert: record });
    }
    this.deps.live.publish(cid, { type: 'invalidate', keys: [LAUNDERING_QUERY_KEYS.alerts], cid });
    this.deps.outbox.wake();
  }

  /**
   * One incident, one alert: a raise opens an alert, escalates the pending one of its setting and subject
   * (a higher level), or joins it; after processing, a new alert only at a higher level or once the
   * processed alert's window has passed. Notices queued for every alert opened or escalated.
   */
  private async store(sql: Sql, cid: number, all: LaunderingRaise[]) {
    const known = await alerts.findKnownRaises(sql, cid, all);
    const fresh = all
      .filter((r) => !known.has(alerts.raiseKey(r)))
      .sort((a, b) => Date.parse(a.windowEnd) - Date.parse(b.windowEnd) || a.level - b.level);
    if (fresh.length === 0) return [];
    const subjects = [...new Map(fresh.map((r) => [`${r.eventId}\u0001${r.subjectKey}`, r])).values()];
    const latest = await alerts.findLatestAlerts(sql, cid, subjects);
    const detectedAt = new Date().toISOString();
    const changes = new Map<number, { previousLevel: 1 | 2 | 3 | null; raise: LaunderingRaise }>();
    const links: { raise: LaunderingRaise; alertId: number | null }[] = [];
    for (const raise of fresh) {
      const key = `${raise.eventId}\u0001${raise.subjectKey}`;
      const open = latest.get(key);
      const at = Date.parse(raise.windowEnd);
      if (open?.status === 0) {
        const escalate = raise.level > open.level;
        await alerts.updateAlert(sql, cid, open.alertId, raise, escalate, detectedAt);
        if (escalate) {
          const earlier = changes.get(open.alertId);
          changes.set(open.alertId, { previousLevel: earlier ? earlier.previousLevel : open.level, raise });
          open.level = raise.level;
        }
        open.windowEndMs = Math.max(open.windowEndMs, at);
        links.push({ raise, alertId: open.alertId });
        continue;
      }
      if (open?.status === 1 && raise.level <= open.level && at - open.windowEndMs < open.windowMs) {
        // Raised once per subject and window: the processed alert covers it.
        links.push({ raise, alertId: open.alertId });
        continue;
      }
      const alertId = await alerts.insertAlert(sql, cid, raise, detectedAt);
      latest.set(key, { alertId, level: raise.level, status: 0, windowEndMs: at, windowMs: raise.windowMs });
      changes.set(alertId, { previousLevel: null, raise });
      links.push({ raise, alertId });
    }
    await alerts.insertRaises(sql, cid, links);
    if (changes.size === 0) return [];
    const records = await alerts.findAlerts(sql, cid, [...changes.keys()]);
    await this.deps.alerting.queueNotices(
      sql,
      cid,
      records.map((record) => noticeOf(record, changes.get(record.AlertID)?.previousLevel ?? null, detectedAt)),
    );
    return records.map((record) => ({ record, escalated: changes.get(record.AlertID)?.previousLevel !== null }));
  }
}

/** The span of stored bets a rebuilt detector of the setting replays (`OpposingBetDetector.retentionMs`). */
function retentionOf(setting: LaunderingSettingRecord): number {
  return new OpposingBetDetector(opposingRuleOf(setting.EventID, setting), { lateMs: LAUNDERING_LATE_MS }).retentionMs;
}

function toStoredRaise(
  setting: LaunderingSettingRecord,
  detector: OpposingBetDetector,
  raise: OpposingRaise,
): LaunderingRaise {
  const first = raise.subject.members[0] as string;
  return {
    eventId: setting.EventID,
    eventName: setting.EventName,
    groupKind: raise.subject.kind,
    subjectKey: raise.subject.key,
    memberIds: raise.subject.kind === 'ring' ? raise.subject.members : [...raise.subject.members].sort(),
    hub: raise.subject.kind === 'ring' ? first : '',
    roundKey: raise.roundKey,
    level: raise.level,
    rounds: raise.rounds,
    matchedStake: raise.matchedStake,
    netMoved: raise.netMoved,
    windowMs: detector.rule.windowMs,
    windowStart: new Date(raise.windowStartMs).toISOString(),
    windowEnd: new Date(raise.atMs).toISOString(),
  };
}

function noticeOf(record: LaunderingAlertRecord, previousLevel: 1 | 2 | 3 | null, detectedAt: string): AlertNotice {
  return {
    kind: 'laundering',
    alertId: record.AlertID,
    eventId: record.EventID,
    eventName: record.EventName,
    eventType: LAUNDERING_EVENT_TYPE,
    typeName: EVENT_TYPE_NAMES[LAUNDERING_EVENT_TYPE],
    level: record.Level,
    previousLevel,
    subject: { kind: 'members', id: record.MemberIDs.join(', ') },
    memberIds: record.MemberIDs,
    value: record.Rounds,
    threshold: null,
    windowStart: record.WindowStart,
    windowEnd: record.WindowEnd,
    happenedAt: record.HappenedAt,
    detectedAt: previousLevel === null ? record.DetectedAt : detectedAt,
    path: alertPath('laundering', record.AlertID),
  };
}
