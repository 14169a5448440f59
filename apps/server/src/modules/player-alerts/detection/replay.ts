import type { AlertRule } from '@pitboss/contract';
import { type Alert, type Engine, type EngineEvent, windowStart } from '@pitboss/engine';
import type { Sql } from '../../../db/database';
import { readEvents } from './replay.repository';

/** Events read per replay step, roughly: the time slice adapts to the company's event rate. */
const TARGET_EVENTS_PER_SLICE = 20_000;
const INITIAL_SLICE_MS = 15 * 60_000;
const MIN_SLICE_MS = 1_000;
const MAX_SLICE_MS = 7 * 86_400_000;

/**
 * Where a replay must start so that the engine it builds equals, for every event still accepted
 * after `newestMs`, the engine that saw every event: an accepted event is at most `ruleLatenessMs`
 * behind its rule's newest event (`floor`); its window starts at ws(floor) at the earliest; and whether
 * it raises depends on the levels reached at the earlier positions of that window, each measured over
 * its own window, which starts at ws(ws(floor)). So two windows before the floor, for the rule that
 * reaches furthest back, but at most `maxMs` before `newestMs`. +Infinity when no rule is enabled
 * (nothing to replay).
 */
export function replayStart(
  rules: readonly AlertRule[],
  newestMs: number,
  ruleLatenessMs: number,
  maxMs = Number.POSITIVE_INFINITY,
): number {
  const floor = newestMs - ruleLatenessMs;
  let start = Number.POSITIVE_INFINITY;
  for (const rule of rules) {
    if (!rule.Enabled) continue;
    const ws = (t: number) => windowStart(t, rule.TimeUnit, rule.LoopValue);
    start = Math.min(start, ws(ws(floor)));
  }
  // Rules with windows of weeks or months would replay months of events: their windows start truncated.
  return Number.isFinite(start) ? Math.max(start, newestMs - maxMs) : start;
}

/**
 * True when an alert raised during a replay from `start` is what the engine would have raised with
 * every event: its window, and the windows of the earlier positions in it, hold only replayed events.
 */
export function isExact(alert: Alert, rule: AlertRule, start: number): boolean {
  const ws = (t: number) => windowStart(t, rule.TimeUnit, rule.LoopValue);
  return ws(ws(Date.parse(alert.at))) >= start;
}

export interface ReplayResult {
  events: number;
  /** Alerts of exact windows, to store (those stored already are no-ops). */
  alerts: Alert[];
  suppressed: number;
}

/**
 * Feeds `engine` the company's stored events from `start` on, in time slices (each one engine batch, in
 * time order across slices), leaving out `skip` (the batch being ingested, stored already). Keeps the
 * alerts `keep` accepts; the rest are counted as suppressed.
 */
export async function replayEvents(
  sql: Sql,
  cid: number,
  engine: Engine,
  options: {
    start: number;
    until: number;
    /** Nothing after this time is replayed (the future limit; default: no end). */
    end?: number;
    skip: ReadonlySet<string>;
    keep: (alert: Alert) => boolean;
  },
): Promise<ReplayResult> {
  const result: ReplayResult = { events: 0, alerts: [], suppressed: 0 };
  if (!Number.isFinite(options.start)) return result;
  let from = options.start;
  let slice = INITIAL_SLICE_MS;
  for (;;) {
    // The last slice is open-ended: nothing stored is newer than `until` but this batch (and, for a
    // company without a detector row yet, whatever came before it).
    const last = from + slice > options.until;
    const to = last ? Number.POSITIVE_INFINITY : from + slice;
    const events = (await readEvents(sql, cid, from, last ? (options.end ?? to) + 1 : to)).filter(
      (e) => !options.skip.has(e.id),
    );
    if (events.length > 0) feed(engine, events, options.keep, result);
    if (last) return result;
    from = to;
    const rate = events.length / slice;
    slice =
      rate > 0 ? clamp(TARGET_EVENTS_PER_SLICE / rate, MIN_SLICE_MS, MAX_SLICE_MS) : Math.min(slice * 4, MAX_SLICE_MS);
  }
}

function feed(engine: Engine, events: EngineEvent[], keep: (alert: Alert) => boolean, result: ReplayResult): void {
  result.events += events.length;
  for (const alert of engine.process(events).alerts) {
    if (keep(alert)) result.alerts.push(alert);
    else result.suppressed++;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.round(Math.min(max, Math.max(min, value)));
}
