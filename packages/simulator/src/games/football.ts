import { hash32, Random } from '../random';
import { DAY } from '../thresholds';

/**
 * Football: every league (one game) plays a fixed number of matches a day; a match is a round, and
 * everyone betting on it shares its round id and result. Odds carry a 6 % bookmaker margin, so each
 * side returns about 94 % whichever side a member backs. Bets are sent settled, at placement time.
 */
export const FOOTBALL_SIDES = ['home', 'draw', 'away'] as const;
export type FootballSide = (typeof FOOTBALL_SIDES)[number];
export const FOOTBALL_MAIN_WEIGHTS = [0.45, 0.17, 0.38] as const;
export const FOOTBALL_OPPOSITE: Readonly<Record<string, string>> = { home: 'away', away: 'home' };
const MARGIN = 1.06;
export const FOOTBALL_RTP = 1 / MARGIN;

export interface Match {
  key: number;
  roundId: string;
  kickoff: number;
  odds: readonly [number, number, number];
  /** 0 home, 1 draw, 2 away. */
  result: number;
}

export interface League {
  seed: number;
  gameIndex: number;
  gameId: string;
  matchesPerDay: number;
  /** Offset of the first kickoff after 00:00 UTC. */
  firstKickoffMs: number;
  /** Matches by UTC day, computed once. */
  days: Map<number, Match[]>;
}

const SPREAD_MS = 15 * 3_600_000;

/** The match `index` of UTC day `day` (days since 1970). Pure: the same league and day give the same match. */
export function matchOf(league: League, day: number, index: number): Match {
  const rng = new Random(league.seed, league.gameIndex, day, index, 0x0f00);
  const slot = SPREAD_MS / league.matchesPerDay;
  const kickoff = Math.round(day * DAY + league.firstKickoffMs + index * slot + rng.range(0, slot * 0.6));
  const draw = rng.range(0.2, 0.3);
  const home = rng.range(0.22, 0.78 - draw);
  const p = [home, draw, 1 - home - draw] as const;
  const odds = p.map((x) => Math.max(1.05, Math.round(100 / (x * MARGIN)) / 100)) as unknown as [
    number,
    number,
    number,
  ];
  const result = rng.weighted(p);
  const date = new Date(day * DAY).toISOString().slice(0, 10).replaceAll('-', '');
  return { key: day * 100 + index, roundId: `${league.gameId}-${date}-${index + 1}`, kickoff, odds, result };
}

/** Matches open for betting at `t`: kickoff more than 5 minutes and at most 12 hours ahead. */
export function upcomingMatches(league: League, t: number): Match[] {
  const matches: Match[] = [];
  const firstDay = Math.floor(t / DAY) - 1;
  for (let day = firstDay; day <= firstDay + 2; day++) {
    for (const match of matchesOfDay(league, day)) {
      if (match.kickoff > t + 300_000 && match.kickoff <= t + 12 * 3_600_000) matches.push(match);
    }
  }
  return matches;
}

function matchesOfDay(league: League, day: number): Match[] {
  let matches = league.days.get(day);
  if (!matches) {
    matches = Array.from({ length: league.matchesPerDay }, (_, i) => matchOf(league, day, i));
    league.days.set(day, matches);
    league.days.delete(day - 3);
  }
  return matches;
}

export function footballMultiplier(match: Match, side: string): number {
  const i = FOOTBALL_SIDES.indexOf(side as FootballSide);
  return i === match.result ? (match.odds[i] ?? 0) : 0;
}

export function leagueOf(seed: number, gameIndex: number, gameId: string): League {
  const h = hash32(seed, gameIndex, 0x1ea9);
  return {
    seed,
    gameIndex,
    gameId,
    matchesPerDay: 8 + (h % 7),
    firstKickoffMs: (2 + ((h >>> 8) % 6)) * 3_600_000,
    days: new Map(),
  };
}
