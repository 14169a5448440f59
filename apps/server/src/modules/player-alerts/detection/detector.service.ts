import { randomUUID } from 'node:crypto';
import type { EngineEvent, EngineOptions } from '@pitboss/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../../../db/database';
import { CompanyDetector } from './company-detector';
import { type DetectorState, writeBatchToken } from './detector-state.repository';
import { isExact, replayEvents, replayStart } from './replay';
import { type RaisedAlert, storeAlerts } from './store-alerts';

const HOUR = 3_600_000;
/** How often a company's engine drops the states that can never count again. */
const EXPIRE_EVERY_MS = 5 * 60_000;

export interface DetectorOptions {
  engine?: EngineOptions;
  /** Most days of events a rebuild replays (`PITBOSS_ALERT_REPLAY_DAYS`, default 15). */
  replayDays?: number;
  /** How far ahead of the clock an event may be (`PITBOSS_INGEST_MAX_FUTURE_SECONDS`, default 300 s). */
  maxFutureMs?: number;
  /** The server's clock (tests). */
  now?: () => number;
}

/** What one batch did, for logs, tests and the benchmark. */
export interface DetectionResult {
  alerts: RaisedAlert[];
  /** Set when the engine was (re)built by replaying stored events before this batch. */
  replay?: { events: number; stored: number; storedBefore: number; suppressed: number; ms: number };
}

/**
 * The player-alert detectors of this process: one `Engine` per company, fed every ingest batch inside
 * its transaction. Engine state is not persisted: when a company's engine is missing (first batch
 * after start), or the company's batch token in the database is not the one this process wrote last
 * (another process ingested for the company, or this process's last batch rolled back), the engine is
 * rebuilt by replaying the stored events of the replay horizon first.
 */
export class DetectorService {
  private readonly companies = new Map<number, CompanyDetector>();
  /** Work done since start: batches and events detected, time in the engine and in the whole step (ms). */
  readonly stats = { batches: 0, events: 0, engineMs: 0, detectMs: 0, replays: 0, replayMs: 0 };
  /** The last rebuild of each company's engine in this process (logs, tests, the benchmark). */
  readonly replays = new Map<number, NonNullable<DetectionResult['replay']>>();
  private readonly engineOptions: Required<Pick<EngineOptions, 'subjectLatenessMs' | 'ruleLatenessMs'>> & EngineOptions;
  private readonly maxReplayMs: number;
  private readonly maxFutureMs: number;
  private readonly now: () => number;

  constructor(
    private readonly log: FastifyBaseLogger,
    options: DetectorOptions = {},
  ) {
    this.engineOptions = { subjectLatenessMs: HOUR, ruleLatenessMs: 24 * HOUR, ...options.engine };
    this.maxReplayMs = (options.replayDays ?? 15) * 24 * HOUR;
    this.maxFutureMs = options.maxFutureMs ?? 300_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The times the detectors accept, by the server's clock: from the replay horizon (older events are
   * stored but too old for detection; a rebuild would not replay them either) to the ingest API's
   * future limit (anything later, stored before that limit existed, is ignored). So no event of any
   * date moves a rule's clock beyond what the clock allows.
   */
  private detectable(): { from: number; to: number } {
    const now = this.now();
    return { from: now - this.maxReplayMs, to: now + this.maxFutureMs };
  }

  /**
   * Runs the batch's events (`events`, the ids of everything the batch stored in `ids`) through the
   * company's engine in the ingest transaction `sql`, stores the new alerts and queues their
   * notifications. `state` is the company's detector row as read under the ingest lock
   * (`readStateStatement`). Throws (rolling the batch back) on a database error; the next batch then
   * rebuilds.
   */
  async detect(
    sql: Sql,
    cid: number,
    batchEvents: readonly EngineEvent[],
    ids: ReadonlySet<string>,
    state: DetectorState,
  ): Promise<DetectionResult> {
    let events = batchEvents;
    let newest = Number.NEGATIVE_INFINITY;
    const began = performance.now();
    const { from, to } = this.detectable();
    if (events.some((e) => e.time < from || e.time > to)) {
      events = events.filter((e) => e.time >= from && e.time <= to);
    }
    for (const e of events) if (e.time > newest) newest = e.time;
    const token = randomUUID();
    // Sent now, run by the database while the engine works (statements on `sql` run in order).
    const claimed = writeBatchToken(sql, cid, token, Number.isFinite(newest) ? newest : Date.now());
    claimed.catch(() => {}); // awaited below; if something fails first, that error is the one thrown
    let company = this.companies.get(cid);
    let replay: DetectionResult['replay'];
    const stored: RaisedAlert[] = [];
    if (!company || company.token !== state.batchToken) {
      this.companies.delete(cid);
      const built = await this.rebuild(sql, cid, state, newest, ids);
      company = built.company;
      replay = built.replay;
      stored.push(...built.alerts);
    } else {
      await company.refresh(sql, cid, state);
    }
    // From here the engine moves ahead of the database: if the transaction does not commit, the token
    // in the database stays the previous one and the next batch rebuilds.
    company.token = token;
    this.companies.set(cid, company);
    const processing = performance.now();
    const { alerts } = company.engine.process(events);
    this.stats.engineMs += performance.now() - processing;
    const named = alerts.map((a) => (company as CompanyDetector).named(a));
    const [, fresh] = await Promise.all([claimed, storeAlerts(sql, cid, named)]);
    stored.push(...fresh);
    this.maybeExpire(company);
    this.stats.batches++;
    this.stats.events += events.length;
    this.stats.detectMs += performance.now() - began;
    return { alerts: stored, ...(replay ? { replay } : {}) };
  }

  /** Companies with an engine in this process, and their resident states (for the benchmark). */
  residentStates(): { companies: number; states: number } {
    let states = 0;
    for (const company of this.companies.values()) states += company.engine.residentCount();
    return { companies: this.companies.size, states };
  }

  /** Forgets a company's engine (tests; a company removed). */
  forget(cid: number): void {
    this.companies.delete(cid);
  }

  private async rebuild(sql: Sql, cid: number, state: DetectorState, batchNewest: number, skip: ReadonlySet<string>) {
    const started = performance.now();
    const company = await CompanyDetector.create(sql, cid, state, this.engineOptions);
    const { from, to } = this.detectable();
    // A newest time beyond the future limit (stored before the limit existed) is not believed.
    const newest = Math.min(state.newestMs ?? batchNewest, to);
    const start = Number.isFinite(newest)
      ? Math.max(from, replayStart(company.enabledRules, newest, this.engineOptions.ruleLatenessMs, this.maxReplayMs))
      : Number.POSITIVE_INFINITY;
    const result = await replayEvents(sql, cid, company.engine, {
      start,
      end: to,
      until: Number.isFinite(newest) ? newest : start,
      skip,
      keep: (alert) => {
        const rule = company.rule(alert.ruleId);
        // A rule raises nothing on replayed events from before its current version took effect.
        return !!rule && isExact(alert, rule.rule, start) && Date.parse(alert.at) >= rule.sinceMs;
      },
    });
    const alerts = await storeAlerts(
      sql,
      cid,
      result.alerts.map((a) => company.named(a)),
    );
    const replay = {
      events: result.events,
      stored: alerts.length,
      storedBefore: result.alerts.length - alerts.length,
      suppressed: result.suppressed,
      ms: Math.round(performance.now() - started),
    };
    this.replays.set(cid, replay);
    this.stats.replays++;
    this.stats.replayMs += replay.ms;
    this.log.info({ cid, ...replay }, 'player alert engine rebuilt by replay');
    return { company, alerts, replay };
  }

  private maybeExpire(company: CompanyDetector): void {
    const now = Date.now();
    if (now - company.lastExpiry < EXPIRE_EVERY_MS) return;
    company.lastExpiry = now;
    company.engine.expire();
  }
}
