import type { IngestEvent } from '@pitboss/contract';
import { describe, expect, it } from 'vitest';
import { createSimulation, type GroundTruth, NORMAL_BOUNDS, type PlayerAlertTruth, type Simulation } from './index';
import { type OracleReport, runOracle } from './oracle';
import type { PlayerEventType } from './thresholds';

/**
 * The ground truth is only worth something if the offline oracle, measuring every default rule over a
 * generated day, finds exactly the planted subjects above level 1 — each inside its active period and
 * with the value the truth states — and every normal member clearly below.
 */
const DAY = 86_400_000;
const start = new Date('2026-11-22T00:00:00Z');
const subjectKey = (p: PlayerAlertTruth) =>
  p.subject.type === 'member' ? p.subject.value : `${p.subject.type}:${p.subject.value}`;

/** Where each rule's measure may go for normal members. */
const NORMAL_CEILING: Record<PlayerEventType, number> = {
  1: NORMAL_BOUNDS.ratio,
  2: NORMAL_BOUNDS.winStreak,
  3: NORMAL_BOUNDS.membersPerIp,
  4: NORMAL_BOUNDS.registrationsPerIpOrDevice,
  5: NORMAL_BOUNDS.topUp,
  6: NORMAL_BOUNDS.transfer,
  7: NORMAL_BOUNDS.bonus,
};

/** Sums over the rounds of a game (bets of one round together, as they share its outcome). */
interface GameSample {
  stake: number;
  payout: number;
  pp: number;
  ps: number;
  ss: number;
}

const emptySample = (): GameSample => ({ stake: 0, payout: 0, pp: 0, ps: 0, ss: 0 });

function addRound(sample: GameSample, stake: number, payout: number): void {
  sample.pp += payout * payout;
  sample.ps += payout * stake;
  sample.ss += stake * stake;
}

/** Standard error of the observed return around `rtp`: √Σ(P − rtp·S)² / ΣS over rounds. */
function standardError(s: GameSample, rtp: number): number {
  return Math.sqrt(Math.max(0, s.pp - 2 * rtp * s.ps + rtp * rtp * s.ss)) / s.stake;
}

interface DayRun {
  simulation: Simulation;
  truth: GroundTruth;
  report: OracleReport;
  counts: Record<string, number>;
  /** Per game, outside and inside its drift periods. */
  normal: Map<string, GameSample>;
  drifted: Map<string, GameSample>;
}

const MINUTE = 60_000;

/** Per game, per minute: its rounds' sums. */
type Minutes = Map<string, Map<number, GameSample>>;

function runDay(simulation: Simulation): DayRun {
  const end = new Date(start.getTime() + DAY);
  const minutes: Minutes = new Map();
  const counts: Record<string, number> = {};
  const sampleOf = (gameId: string, t: number): GameSample => {
    let byMinute = minutes.get(gameId);
    if (!byMinute) {
      byMinute = new Map();
      minutes.set(gameId, byMinute);
    }
    const minute = Math.floor(t / MINUTE);
    let sample = byMinute.get(minute);
    if (!sample) {
      sample = emptySample();
      byMinute.set(minute, sample);
    }
    return sample;
  };
  // Bets on one round share its outcome: their deviations add up before squaring.
  const rounds = new Map<string, { roundId: string; sample: GameSample; stake: number; payout: number }>();
  const flush = (key: string) => {
    const r = rounds.get(key);
    if (r) addRound(r.sample, r.stake, r.payout);
    rounds.delete(key);
  };
  function* measured(): Generator<IngestEvent> {
    for (const event of simulation.events(start, end)) {
      counts[event.type] = (counts[event.type] ?? 0) + 1;
      if (event.type === 'bet') {
        const sample = sampleOf(event.gameId, Date.parse(event.at));
        sample.stake += event.stake;
        sample.payout += event.payout;
        if (event.side === undefined) {
          addRound(sample, event.stake, event.payout); // a slot spin is its own round
        } else {
          // Table rounds follow one another per game; football matches take bets for hours.
          const key = event.gameType === 'football' ? event.roundId : event.gameId;
          if (rounds.get(key)?.roundId !== event.roundId) flush(key);
          const round = rounds.get(key) ?? { roundId: event.roundId, sample, stake: 0, payout: 0 };
          round.stake += event.stake;
          round.payout += event.payout;
          rounds.set(key, round);
        }
      }
      yield event;
    }
    for (const key of [...rounds.keys()]) flush(key);
  }
  const report = runOracle(measured());
  const truth = simulation.groundTruth();
  // Minutes wholly inside a drift count as drifted, wholly outside as normal; boundary minutes as neither.
  const normal = new Map<string, GameSample>();
  const drifted = new Map<string, GameSample>();
  const add = (into: Map<string, GameSample>, gameId: string, s: GameSample) => {
    const total = into.get(gameId) ?? emptySample();
    for (const k of ['stake', 'payout', 'pp', 'ps', 'ss'] as const) total[k] += s[k];
    into.set(gameId, total);
  };
  for (const [gameId, byMinute] of minutes) {
    const periods = truth.rtpDrift
      .filter((d) => d.gameId === gameId)
      .map((d) => [Date.parse(d.from), Date.parse(d.to)]);
    for (const [minute, s] of byMinute) {
      const a = minute * MINUTE;
      const b = a + MINUTE;
      const inside = periods.some(([from = 0, to = 0]) => a >= from && b <= to);
      const touches = periods.some(([from = 0, to = 0]) => a < to && b > from);
      if (inside) add(drifted, gameId, s);
      else if (!touches) add(normal, gameId, s);
    }
  }
  return { simulation, truth, report, counts, normal, drifted };
}

function checkPlayers(run: DayRun): void {
  const { truth, report } = run;
  for (const type of [1, 2, 3, 4, 5, 6, 7] as const) {
    const planted = truth.players.filter((p) => p.eventType === type);
    expect(planted.length, `type ${type} planted`).toBeGreaterThan(0);
    const plantedKeys = new Set(planted.map(subjectKey));
    const crossed = [...report.players[type]].filter(([, m]) => m.crossedAt !== undefined).map(([k]) => k);
    // Precision and recall 1: exactly the planted subjects reach level 1.
    expect(new Set(crossed), `type ${type} subjects above level 1`).toEqual(plantedKeys);
    for (const p of planted) {
      const m = report.players[type].get(subjectKey(p));
      expect(p.complete, `${p.id} complete`).toBe(true);
      expect(p.level, `${p.id} level`).toBeGreaterThanOrEqual(1);
      expect(m?.crossedAt, `${p.id} crossing`).toBeGreaterThanOrEqual(Date.parse(p.from));
      expect(m?.crossedAt, `${p.id} crossing`).toBeLessThanOrEqual(Date.parse(p.to));
      expect(m?.peak, `${p.id} value`).toBeCloseTo(p.value, 3);
    }
    // Normal subjects stay at or under their bound, well below level 1.
    let highest = 0;
    for (const [k, m] of report.players[type]) if (!plantedKeys.has(k)) highest = Math.max(highest, m.peak);
    expect(highest, `type ${type} highest normal measure`).toBeLessThanOrEqual(NORMAL_CEILING[type] + 1e-9);
  }
}

function checkOpposing(run: DayRun): void {
  const { truth, report } = run;
  expect(truth.opposingBets.length).toBeGreaterThan(0);
  const planted = new Map(truth.opposingBets.map((p) => [[...p.memberIds].sort().join('|'), p]));
  const crossed = [...report.opposing].filter(([, m]) => m.crossedAt !== undefined).map(([k]) => k);
  expect(new Set(crossed)).toEqual(new Set(planted.keys()));
  for (const [pair, p] of planted) {
    expect(p.complete).toBe(true);
    expect(p.maxStakeDifference).toBeLessThanOrEqual(0.03);
    expect(report.opposing.get(pair)?.peak).toBe(p.roundIds.length);
    expect(report.opposing.get(pair)?.gameIds).toEqual(new Set([p.gameId]));
  }
}

/** Observed RTP within 4.5 standard errors of the expectation; while drifted, of the drifted RTP. */
function checkRtp(run: DayRun): void {
  const expected = new Map(run.simulation.games.map((g) => [g.gameId, g.expectedRtp ?? 1]));
  for (const [gameId, s] of run.normal) {
    const rtp = expected.get(gameId) ?? 0;
    const observed = s.payout / s.stake;
    const error = standardError(s, rtp);
    expect(Math.abs(observed - rtp), `${gameId} RTP ${observed} ± ${error}`).toBeLessThanOrEqual(4.5 * error + 0.002);
  }
  expect(run.truth.rtpDrift.length).toBeGreaterThan(0);
  for (const d of run.truth.rtpDrift) {
    expect(d.complete).toBe(true);
    expect(Math.abs(d.driftedRtp - d.expectedRtp)).toBeGreaterThanOrEqual(0.07);
    const s = run.drifted.get(d.gameId);
    if (!s) throw new Error(`no bets on ${d.gameId} while drifted`);
    const observed = s.payout / s.stake;
    // The truth's observed RTP is what the bets made (boundary minutes aside)…
    expect(d.observedRtp).toBeCloseTo(observed, 2);
    // …and it is the drifted RTP, give or take sampling.
    const error = standardError(s, d.driftedRtp);
    expect(Math.abs(observed - d.driftedRtp), `${d.id} ${observed} ± ${error}`).toBeLessThanOrEqual(
      4.5 * error + 0.002,
    );
  }
}

describe('ground truth against an offline oracle', () => {
  it('one day at the defaults: planted subjects alone cross level 1, in their active periods', {
    timeout: 600_000,
  }, () => {
    const run = runDay(createSimulation({ seed: 7, start }));
    checkPlayers(run);
    checkOpposing(run);
    checkRtp(run);
    const total = Object.values(run.counts).reduce((a, b) => a + b, 0);
    // ≈ 30 events a second over the day, ≈ 85 % of them bets.
    expect(total).toBeGreaterThan(0.9 * 30 * 86_400);
    expect(total).toBeLessThan(1.1 * 30 * 86_400);
    expect((run.counts.bet ?? 0) / total).toBeGreaterThan(0.83);
    expect((run.counts.bet ?? 0) / total).toBeLessThan(0.89);
    // The governor seldom has to hold anyone back: normal behaviour stays below by design.
    const stats = run.simulation.stats();
    expect(stats.betsSkippedForRatio / stats.bets).toBeLessThan(0.002);
    expect(stats.betsSkippedForStreak / stats.bets).toBeLessThan(0.0001);
    expect(stats.betsSkippedForOpposing / stats.bets).toBeLessThan(0.001);
  });

  it('a large, sparse population at a low rate: the same holds', { timeout: 600_000 }, () => {
    const run = runDay(createSimulation({ seed: 11, start, members: 20_000, eventsPerSecond: 6, games: 12 }));
    checkPlayers(run);
    checkOpposing(run);
    checkRtp(run);
  });
});
