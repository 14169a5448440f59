import {
  type Ack,
  ALERT_MESSAGE_CODES,
  GAME_RTP_QUERY_KEYS,
  type GameRtpAlertDetail,
  type GameRtpByTimeBody,
  type GameRtpByTimeRow,
  type GameRtpRuleBody,
  type GameRtpRuleRecord,
  type GameRtpSearchBody,
  type GameRtpSearchRow,
  type ListEnvelope,
  type ListGameRtpAlertsQuery,
  type MonitorGameRow,
  type MonitorGameTypeRow,
  type ProcessGameRtpAlertsBody,
  toListEnvelope,
} from '@pitboss/contract';
import { normalQuantile } from '@pitboss/engine';
import type { z } from 'zod';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Live } from '../../plugins/live';
import type { AlertingService } from '../alerting/alerting.service';
import * as catalogue from './game-catalogue.repository';
import * as alerts from './game-rtp-alerts.repository';
import * as rules from './game-rtp-rules.repository';
import * as search from './game-rtp-search.repository';

const DAY = 86_400_000;

/** The game catalogue for pickers: `check-tool/MonitorGameType` and `check-tool/MonitorGame`. */
export class GameCatalogueService {
  constructor(private readonly db: Database) {}

  async types(auth: AuthContext): Promise<ListEnvelope<MonitorGameTypeRow>> {
    return toListEnvelope(await catalogue.listGameTypes(this.db, auth.cid));
  }

  async games(auth: AuthContext, query: { GameTypes?: string[] | undefined }): Promise<ListEnvelope<MonitorGameRow>> {
    const types = query.GameTypes;
    if (types) {
      const known = await catalogue.knownGameTypes(this.db, auth.cid, types);
      const unknown = types.filter((t) => !known.has(t));
      if (unknown.length > 0) throw badRequest('GameTypes', `unknown game type: ${unknown.join(', ')}`);
    }
    return toListEnvelope(await catalogue.listGames(this.db, auth.cid, types));
  }
}

/**
 * The game RTP search (`check-tool/gameRTP-search`): per game over a range of days of the company's time
 * zone, and one game by day or hour (the drill-down), from the rollups. Unknown games or game types
 * (another company's included) are a 400 naming the field. Totals over every row in `data.output.Totals`.
 */
export class GameRtpSearchService {
  constructor(private readonly db: Database) {}

  async games(auth: AuthContext, body: z.output<typeof GameRtpSearchBody>): Promise<ListEnvelope<GameRtpSearchRow>> {
    if (body.GameTypes) {
      const known = await catalogue.knownGameTypes(this.db, auth.cid, body.GameTypes);
      const unknown = body.GameTypes.filter((t) => !known.has(t));
      if (unknown.length > 0) throw badRequest('GameTypes', `unknown game type: ${unknown.join(', ')}`);
    }
    if (body.GameIDs) await this.checkGames(auth.cid, body.GameIDs, 'GameIDs');
    const listed = await search.searchGames(this.db, await this.range(auth, body), body);
    return this.envelope(listed, body.Confidence);
  }

  async byTime(auth: AuthContext, body: z.output<typeof GameRtpByTimeBody>): Promise<ListEnvelope<GameRtpByTimeRow>> {
    await this.checkGames(auth.cid, [body.GameID], 'GameID');
    const listed = await search.searchGameByTime(this.db, await this.range(auth, body), body);
    return this.envelope(listed, body.Confidence);
  }

  private async checkGames(cid: number, ids: string[], field: string) {
    const known = await catalogue.knownGames(this.db, cid, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw badRequest(field, `unknown game: ${unknown.join(', ')}`);
  }

  private async range(auth: AuthContext, body: { Start: string; End: string; Confidence: number }) {
    return {
      cid: auth.cid,
      start: body.Start,
      end: body.End,
      timeZone: await search.companyTimeZone(this.db, auth.cid),
      zCritical: normalQuantile((1 + body.Confidence) / 2),
    };
  }

  private envelope<T>(listed: search.SearchListed<T>, confidence: number): ListEnvelope<T> {
    const envelope = toListEnvelope(listed.rows, listed.total);
    envelope.data.output = { ...envelope.data.output, Totals: listed.totals, Confidence: confidence };
    return envelope;
  }
}

/**
 * Game RTP rules (`/monitor/gameRtpV2`). A rule's game or game type must be one of the company's; every
 * change raises the company's rules version in its transaction, so the detectors reload the rules.
 */
export class GameRtpRulesService {
  constructor(
    private readonly db: Database,
    private readonly live: Live,
    private readonly alerting: Pick<AlertingService, 'nextEventId'>,
  ) {}

  async list(auth: AuthContext): Promise<ListEnvelope<GameRtpRuleRecord>> {
    return toListEnvelope(await rules.listRules(this.db, auth.cid));
  }

  async create(auth: AuthContext, body: GameRtpRuleBody) {
    const data = await this.change(auth.cid, body, async (sql) =>
      rules.insertRule(sql, auth.cid, await this.alerting.nextEventId(sql, auth.cid), body, auth.account),
    );
    return { status: 0, data };
  }

  async update(auth: AuthContext, eventId: number, body: GameRtpRuleBody) {
    const data = await this.change(auth.cid, body, (sql) =>
      rules.updateRule(sql, auth.cid, eventId, body, auth.account),
    );
    if (!data) throw notFound(`Game RTP rule ${eventId}`);
    return { status: 0, data };
  }

  async remove(auth: AuthContext, eventId: number): Promise<Ack> {
    const deleted = await this.change(auth.cid, undefined, (sql) =>
      rules.deleteRule(sql, auth.cid, eventId, auth.account),
    );
    if (!deleted) throw notFound(`Game RTP rule ${eventId}`);
    return { status: 0, message: `Game RTP rule ${eventId} deleted; the alerts it raised are kept` };
  }

  private async change<T>(cid: number, body: GameRtpRuleBody | undefined, work: (sql: Sql) => Promise<T>) {
    const result = await this.db.tx(async (sql) => {
      if (body) await checkTarget(sql, cid, body);
      await rules.lockRules(sql, cid);
      const changed = await work(sql);
      if (changed) await rules.markRulesChanged(sql, cid);
      return changed;
    });
    if (result) this.live.publish(cid, { type: 'invalidate', keys: [GAME_RTP_QUERY_KEYS.rules], cid });
    return result;
  }
}

/** A rule's game or game type must be the company's (another company's game is unknown here). */
async function checkTarget(sql: Sql, cid: number, body: GameRtpRuleBody): Promise<void> {
  if (body.Scope === 'game' && body.GameID !== null && !(await catalogue.gameExists(sql, cid, body.GameID))) {
    throw badRequest('GameID', `unknown game: ${body.GameID}`);
  }
  if (body.Scope === 'type' && body.GameType !== null) {
    const known = await catalogue.knownGameTypes(sql, cid, [body.GameType]);
    if (!known.has(body.GameType)) throw badRequest('GameType', `unknown game type: ${body.GameType}`);
  }
}

/** Game alerts (`/monitor/gameRTP-alert-events`): list, evidence, review. */
export class GameRtpAlertsService {
  constructor(
    private readonly db: Database,
    private readonly live: Live,
  ) {}

  async list(auth: AuthContext, q: z.output<typeof ListGameRtpAlertsQuery>) {
    const end = q.End ?? new Date().toISOString();
    const start = q.Start ?? new Date(Date.now() - 7 * DAY).toISOString();
    if (Date.parse(start) > Date.parse(end)) throw badRequest('Start', 'must not be after End');
    const { rows, total } = await alerts.listGameAlerts(this.db, auth.cid, {
      start,
      end,
      gameIds: q.GameIDs,
      gameTypes: q.GameTypes,
      levels: q.Levels,
      status: q.Status,
      sort: q.sort,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return toListEnvelope(rows, total);
  }

  async detail(auth: AuthContext, alertId: number): Promise<{ status: number; data: GameRtpAlertDetail }> {
    const [record] = await alerts.findGameAlerts(this.db, auth.cid, [alertId]);
    if (!record) throw alertNotFound([alertId], () => 'AlertID');
    const [series, stored, game] = await Promise.all([
      alerts.findRtpSeries(this.db, auth.cid, record.GameID, record.WindowStart, record.WindowEnd),
      alerts.findStoredTopWins(this.db, auth.cid, alertId),
      alerts.findGameInfo(this.db, auth.cid, record.GameID),
    ]);
    // Stored with the alert at ingest; read from the bets for an alert stored before they were.
    const wins =
      stored ?? (await alerts.findTopWins(this.db, auth.cid, record.GameID, record.WindowStart, record.WindowEnd));
    const band = record.Band / 100;
    return {
      status: 0,
      data: {
        ...record,
        Provider: game?.provider ?? '',
        BandLow: record.Direction === 'below' ? record.ExpectedRTP - band : record.ExpectedRTP,
        BandHigh: record.Direction === 'above' ? record.ExpectedRTP + band : record.ExpectedRTP,
        Series: series,
        TopWins: wins,
      },
    };
  }

  /** Marks pending alerts processed, all or none: an unknown id (or another company's) is 404, a processed one 409. */
  async process(auth: AuthContext, body: z.output<typeof ProcessGameRtpAlertsBody>) {
    const ids = [...new Set(body.AlertIDs)];
    const field = (id: number) => `AlertIDs[${body.AlertIDs.indexOf(id)}]`;
    await this.db.tx(async (sql) => {
      const found = await alerts.lockForReview(sql, auth.cid, ids);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) throw alertNotFound(missing, field);
      const done = ids.filter((id) => found.get(id) !== 0);
      if (done.length > 0) {
        throw new AppError(
          409,
          ALERT_MESSAGE_CODES.alreadyProcessed,
          `Already processed: ${done.join(', ')}; nothing was changed`,
          done.map((id) => ({ field: field(id), message: `alert ${id} is already processed` })),
        );
      }
      await alerts.markProcessed(sql, auth.cid, ids, auth.account, body.Memo);
    });
    this.live.publish(auth.cid, { type: 'invalidate', keys: [GAME_RTP_QUERY_KEYS.alerts], cid: auth.cid });
    return { status: 0, Processed: ids };
  }
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
