import type { IngestEvent } from '@pitboss/contract';
import { DAY, DEFAULT_PLAYER_RULES, HOUR, levelOf, OPPOSING_RULE, type PlayerEventType } from './thresholds';

/**
 * A slow, obviously-correct offline measure of every default rule over a list of events, written
 * independently of the simulator's own bookkeeping. For each subject it reports the peak of the
 * rule's measure over its sliding window (a window ends at each event and reaches back exactly one
 * window length, both ends included) and the first moment level 1 was reached.
 */
export interface Measure {
  peak: number;
  peakAt: number;
  /** First time the measure reached level 1 (undefined: never). */
  crossedAt?: number;
}

export interface OracleReport {
  /** Per alert type: subject → measure. Members for 1, 2, 5, 6, 7; `ip:…` for 3; `ip:…` or `device:…` for 4. */
  players: Record<PlayerEventType, Map<string, Measure>>;
  /** `memberA|memberB` (sorted) → count of qualifying rounds in any one-day window. */
  opposing: Map<string, Measure & { gameIds: Set<string> }>;
  games: Map<string, { bets: number; stake: number; payout: number }>;
}

export const OPPOSITE_SIDES: Readonly<Record<string, string>> = {
  banker: 'player',
  player: 'banker',
  big: 'small',
  small: 'big',
  odd: 'even',
  even: 'odd',
  home: 'away',
  away: 'home',
  over: 'under',
  under: 'over',
  dragon: 'tiger',
  tiger: 'dragon',
  red: 'black',
  black: 'red',
};

type Series = { t: number[]; key: string[]; a: number[]; b: number[] };
const series = (): Series => ({ t: [], key: [], a: [], b: [] });

function bucket(map: Map<string, Series>, subject: string): Series {
  let s = map.get(subject);
  if (!s) {
    s = series();
    map.set(subject, s);
  }
  return s;
}

export function runOracle(events: Iterable<IngestEvent>): OracleReport {
  const bets = new Map<string, Series>();
  const logins = new Map<string, Series>();
  const registrations = new Map<string, Series>();
  const sums: Record<5 | 6 | 7, Map<string, Series>> = { 5: new Map(), 6: new Map(), 7: new Map() };
  const rounds = new Map<string, { t: number; member: string; side: string; stake: number; gameId: string }[]>();
  const games = new Map<string, { bets: number; stake: number; payout: number }>();
  for (const e of events) {
    const t = Date.parse(e.at);
    switch (e.type) {
      case 'bet': {
        const s = bucket(bets, e.memberId);
        s.t.push(t);
        s.a.push(e.stake);
        s.b.push(e.payout);
        const g = games.get(e.gameId) ?? { bets: 0, stake: 0, payout: 0 };
        g.bets++;
        g.stake += e.stake;
        g.payout += e.payout;
        games.set(e.gameId, g);
        if (e.side && OPPOSITE_SIDES[e.side]) {
          const key = `${e.gameId}\u0000${e.roundId}`;
          const list = rounds.get(key) ?? [];
          list.push({ t, member: e.memberId, side: e.side, stake: e.stake, gameId: e.gameId });
          rounds.set(key, list);
        }
        break;
      }
      case 'login':
        if (e.success) {
          const s = bucket(logins, `ip:${e.ip}`);
          s.t.push(t);
          s.key.push(e.memberId);
        }
        break;
      case 'register':
        for (const subject of [`ip:${e.ip}`, e.device === undefined ? undefined : `device:${e.device}`]) {
          if (!subject) continue;
          const s = bucket(registrations, subject);
          s.t.push(t);
          s.key.push(e.memberId);
        }
        break;
      case 'purchase':
        push(sums[5], e.memberId, t, e.amount);
        break;
      case 'transfer':
        push(sums[6], e.memberId, t, e.amount);
        break;
      case 'bonus':
        push(sums[7], e.memberId, t, e.points);
        break;
    }
  }
  return {
    players: {
      1: mapValues(bets, ratioMeasure),
      2: mapValues(bets, streakMeasure),
      3: mapValues(logins, (s) => distinctMeasure(s, 3)),
      4: mapValues(registrations, (s) => distinctMeasure(s, 4)),
      5: mapValues(sums[5], (s) => sumMeasure(s, 5)),
      6: mapValues(sums[6], (s) => sumMeasure(s, 6)),
      7: mapValues(sums[7], (s) => sumMeasure(s, 7)),
    },
    opposing: opposingMeasure(rounds),
    games,
  };
}

function push(map: Map<string, Series>, member: string, t: number, amount: number): void {
  const s = bucket(map, member);
  s.t.push(t);
  s.a.push(amount);
}

function mapValues(map: Map<string, Series>, f: (s: Series) => Measure): Map<string, Measure> {
  const out = new Map<string, Measure>();
  for (const [k, s] of map) out.set(k, f(s));
  return out;
}

function record(m: Measure, type: PlayerEventType, value: number, t: number): void {
  if (value > m.peak) {
    m.peak = value;
    m.peakAt = t;
  }
  if (m.crossedAt === undefined && levelOf(type, value) >= 1) m.crossedAt = t;
}

function ratioMeasure(s: Series): Measure {
  const m: Measure = { peak: 0, peakAt: 0 };
  const min = DEFAULT_PLAYER_RULES[1].minSample ?? 30;
  let j = 0;
  let stake = 0;
  let payout = 0;
  for (let i = 0; i < s.t.length; i++) {
    const t = s.t[i] as number;
    stake += s.a[i] as number;
    payout += s.b[i] as number;
    while ((s.t[j] as number) < t - DAY) {
      stake -= s.a[j] as number;
      payout -= s.b[j] as number;
      j++;
    }
    if (i - j + 1 >= min && stake > 0) record(m, 1, payout / stake, t);
  }
  return m;
}

function streakMeasure(s: Series): Measure {
  const m: Measure = { peak: 0, peakAt: 0 };
  let runStart = 0;
  let j = 0;
  for (let i = 0; i < s.t.length; i++) {
    const t = s.t[i] as number;
    while ((s.t[j] as number) < t - DAY) j++;
    if ((s.b[i] as number) > (s.a[i] as number)) record(m, 2, i - Math.max(runStart, j) + 1, t);
    else runStart = i + 1;
  }
  return m;
}

function distinctMeasure(s: Series, type: 3 | 4): Measure {
  const m: Measure = { peak: 0, peakAt: 0 };
  const window = type === 3 ? HOUR : DAY;
  const counts = new Map<string, number>();
  let j = 0;
  for (let i = 0; i < s.t.length; i++) {
    const t = s.t[i] as number;
    const key = s.key[i] as string;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    while ((s.t[j] as number) < t - window) {
      const old = s.key[j] as string;
      const c = (counts.get(old) ?? 1) - 1;
      if (c === 0) counts.delete(old);
      else counts.set(old, c);
      j++;
    }
    record(m, type, counts.size, t);
  }
  return m;
}

function sumMeasure(s: Series, type: 5 | 6 | 7): Measure {
  const m: Measure = { peak: 0, peakAt: 0 };
  let sum = 0;
  let j = 0;
  for (let i = 0; i < s.t.length; i++) {
    const t = s.t[i] as number;
    sum += s.a[i] as number;
    while ((s.t[j] as number) < t - DAY) sum -= s.a[j++] as number;
    record(m, type, Math.round(sum * 100) / 100, t);
  }
  return m;
}

function opposingMeasure(
  rounds: Map<string, { t: number; member: string; side: string; stake: number; gameId: string }[]>,
): Map<string, Measure & { gameIds: Set<string> }> {
  // Every qualifying (pair, round): the later of the two bets' times.
  const hits = new Map<string, { times: number[]; gameIds: Set<string> }>();
  for (const bets of rounds.values()) {
    const seen = new Set<string>();
    for (let x = 0; x < bets.length; x++) {
      for (let y = x + 1; y < bets.length; y++) {
        const a = bets[x];
        const b = bets[y];
        if (!a || !b || a.member === b.member || OPPOSITE_SIDES[a.side] !== b.side) continue;
        if (Math.abs(a.stake - b.stake) > OPPOSING_RULE.stakeTolerance * Math.max(a.stake, b.stake)) continue;
        const pair = a.member < b.member ? `${a.member}|${b.member}` : `${b.member}|${a.member}`;
        if (seen.has(pair)) continue; // one round counts once per pair
        seen.add(pair);
        const h = hits.get(pair) ?? { times: [], gameIds: new Set<string>() };
        h.times.push(Math.max(a.t, b.t));
        h.gameIds.add(a.gameId);
        hits.set(pair, h);
      }
    }
  }
  const out = new Map<string, Measure & { gameIds: Set<string> }>();
  for (const [pair, h] of hits) {
    const times = h.times.sort((p, q) => p - q);
    const m: Measure & { gameIds: Set<string> } = { peak: 0, peakAt: 0, gameIds: h.gameIds };
    let j = 0;
    times.forEach((t, i) => {
      while ((times[j] as number) < t - OPPOSING_RULE.windowMs) j++;
      const count = i - j + 1;
      if (count > m.peak) {
        m.peak = count;
        m.peakAt = t;
      }
      if (m.crossedAt === undefined && count >= OPPOSING_RULE.minRepeats) m.crossedAt = t;
    });
    out.set(pair, m);
  }
  return out;
}
