import {
  ALERT_MESSAGE_CODES,
  ALERT_QUERY_KEYS,
  type AlertDetail,
  type BlacklistAndProcessBody,
  canonicalIp,
  type ListAlertsQuery,
  type ProcessAlertsBody,
  toListEnvelope,
} from '@pitboss/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { resolvePeriod } from '../../lib/period';
import type { Live } from '../../plugins/live';
import type { BlacklistService } from '../blacklist/blacklist.service';
import * as detail from './alert-detail.repository';
import * as repo from './player-alerts.repository';

const DAY = 86_400_000;
/** Days of member activity shown with an alert, and the span counted for the member's other alerts. */
const ACTIVITY_DAYS = 7;
const OTHER_ALERTS_DAYS = 30;

/** Player alerts: the list, one alert with its evidence, and their review. */
export class AlertsService {
  constructor(
    private readonly db: Database,
    private readonly live: Live,
    private readonly blacklist: Pick<BlacklistService, 'addWithin' | 'afterAdd'>,
  ) {}

  async list(auth: AuthContext, query: z.output<typeof ListAlertsQuery>) {
    const { rows, total } = await repo.listAlerts(this.db, auth.cid, {
      ...resolvePeriod(query),
      eventTypes: query.EventTypes,
      levels: query.Levels,
      status: query.Status,
      memberIds: query.MemberIDs,
      ip: query.IP?.trim() ? canonicalIp(query.IP.trim()) : undefined,
      eventIds: query.EventIDs,
      sort: query.sort,
      ...pageWindow(query),
    });
    return toListEnvelope(rows, total);
  }

  async get(auth: AuthContext, alertId: number): Promise<{ status: number; data: AlertDetail }> {
    const db = this.db;
    const [record] = await repo.findAlerts(db, auth.cid, [alertId]);
    const evidence = await detail.findEvidence(db, auth.cid, alertId);
    if (!record || !evidence) throw alertNotFound([alertId], () => 'AlertID');
    const events = await detail.findEvents(db, auth.cid, evidence.eventIds);
    const member = record.SubjectKind === 'member' ? await this.memberActivity(auth.cid, record, evidence) : null;
    const members = record.SubjectKind === 'member' ? [] : [...new Set(events.map((e) => e.MemberID))].sort();
    return {
      status: 0,
      data: {
        ...record,
        EventIDs: evidence.eventIds,
        EventCount: evidence.eventCount,
        Events: events,
        Member: member,
        Members: members,
      },
    };
  }

  /**
   * Blacklists members of one pending alert and marks it processed, in one transaction with one memo:
   * both happen or neither. Members must be the alert's own.
   */
  async blacklistAndProcess(auth: AuthContext, alertId: number, body: z.output<typeof BlacklistAndProcessBody>) {
    const { data: alert } = await this.get(auth, alertId);
    const own = new Set(alert.SubjectKind === 'member' ? (alert.MemberID ? [alert.MemberID] : []) : alert.Members);
    const strangerAt = body.MemberIDs.findIndex((id) => !own.has(id));
    if (strangerAt >= 0) {
      throw badRequest(`MemberIDs[${strangerAt}]`, `${body.MemberIDs[strangerAt]} is not a member of alert ${alertId}`);
    }
    const { added, queued } = await this.db.tx(async (sql) => {
      const found = await repo.lockForReview(sql, auth.cid, [alertId]);
      if (!found.has(alertId)) throw alertNotFound([alertId], () => 'AlertID');
      if (found.get(alertId) !== 0) {
        throw new AppError(
          409,
          ALERT_MESSAGE_CODES.alreadyProcessed,
          `Alert ${alertId} is already processed; nothing was changed`,
          [{ field: 'AlertID', message: `alert ${alertId} is already processed` }],
        );
      }
      const result = await this.blacklist.addWithin(
        sql,
        auth,
        body.MemberIDs.map((MemberID) => ({ MemberID, Memo: body.Memo, EventType: alert.EventType })),
      );
      await repo.markProcessed(sql, auth.cid, [alertId], auth.account, body.Memo);
      return result;
    });
    this.blacklist.afterAdd(auth.cid, queued);
    this.live.publish(auth.cid, {
      type: 'invalidate',
      keys: [ALERT_QUERY_KEYS.alerts, ALERT_QUERY_KEYS.dashboard],
      cid: auth.cid,
    });
    const members = [...new Set(body.MemberIDs)];
    return {
      status: 0,
      message:
        queued > 0
          ? `Alert processed; ${added.size} blacklisted, ${queued} lock calls queued`
          : `Alert processed; ${added.size} blacklisted, but no block API locks them on the platform`,
      Processed: [alertId],
      Added: members.filter((m) => added.has(m)),
      AlreadyListed: members.filter((m) => !added.has(m)),
      BlockCallsQueued: queued,
    };
  }

  /** Marks pending alerts processed, all or none: an unknown id (or another company's) is 404, a processed one 409. */
  async process(auth: AuthContext, body: z.output<typeof ProcessAlertsBody>) {
    const ids = [...new Set(body.AlertIDs)];
    await this.db.tx(async (sql) => {
      const found = await repo.lockForReview(sql, auth.cid, ids);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) throw alertNotFound(missing, (id) => `AlertIDs[${body.AlertIDs.indexOf(id)}]`);
      const done = ids.filter((id) => found.get(id) !== 0);
      if (done.length > 0) {
        throw new AppError(
          409,
          ALERT_MESSAGE_CODES.alreadyProcessed,
          `Already processed: ${done.join(', ')}; nothing was changed`,
          done.map((id) => ({
            field: `AlertIDs[${body.AlertIDs.indexOf(id)}]`,
            message: `alert ${id} is already processed`,
          })),
        );
      }
      await repo.markProcessed(sql, auth.cid, ids, auth.account, body.Memo);
    });
    this.live.publish(auth.cid, {
      type: 'invalidate',
      keys: [ALERT_QUERY_KEYS.alerts, ALERT_QUERY_KEYS.dashboard],
      cid: auth.cid,
    });
    return { status: 0, Processed: ids };
  }

  private async memberActivity(
    cid: number,
    record: { MemberID: string; AlertID: number; WindowEnd: string },
    evidence: { localDay: string },
  ): Promise<AlertDetail['Member']> {
    const db = this.db;
    const lastDay = evidence.localDay;
    const firstDay = addDays(lastDay, 1 - ACTIVITY_DAYS);
    const [member, days, otherAlerts] = await Promise.all([
      detail.findMember(db, cid, record.MemberID),
      detail.findMemberDays(db, cid, record.MemberID, firstDay, lastDay),
      detail.countOtherAlerts(
        db,
        cid,
        record.MemberID,
        record.AlertID,
        new Date(Date.parse(record.WindowEnd) - OTHER_ALERTS_DAYS * DAY).toISOString(),
        record.WindowEnd,
      ),
    ]);
    const byDay = new Map(days.map((d) => [d.Day, d]));
    return {
      MemberID: record.MemberID,
      NickName: member?.NickName ?? '',
      VIPLevel: member?.VIPLevel ?? 0,
      Account: member?.Account ?? '',
      Mobile: member?.Mobile ?? '',
      RegisterIP: member?.RegisterIP ?? '',
      RegisteredAt: member?.RegisteredAt ?? null,
      FirstSeen: member?.FirstSeen ?? null,
      LastSeen: member?.LastSeen ?? null,
      Days: Array.from({ length: ACTIVITY_DAYS }, (_, i) => {
        const day = addDays(firstDay, i);
        return byDay.get(day) ?? { ...EMPTY_DAY, Day: day };
      }),
      OtherAlerts: otherAlerts,
    };
  }
}

const EMPTY_DAY = {
  Bets: 0,
  Stake: 0,
  Payout: 0,
  Wins: 0,
  TopUps: 0,
  TransfersIn: 0,
  TransfersOut: 0,
  BonusPoints: 0,
  Logins: 0,
};

/** `YYYY-MM-DD` plus `n` days. */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

/** 404 naming the ids: another company's alert is answered like one that does not exist. */
function alertNotFound(ids: number[], field: (id: number) => string): AppError {
  return new AppError(
    404,
    ALERT_MESSAGE_CODES.notFound,
    `No such alert: ${ids.join(', ')}`,
    ids.map((id) => ({ field: field(id), message: `alert ${id} not found` })),
  );
}
