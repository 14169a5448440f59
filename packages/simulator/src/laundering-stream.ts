import type { BetEvent } from '@pitboss/contract';
import { Random } from './random';

/**
 * Busy live tables with planted opposing-bet laundering (issue 18, items 6–7): honest players crowd
 * baccarat, dragon-tiger and sic-bo tables and often stand on opposite sides of a round by chance, with
 * the round stakes of real tables (10, 20, 50, 100, …); planted pairs (two accounts on opposite sides)
 * and rings (a hub against 2–3 accounts splitting the other side) play among them with noisy stakes
 * (within `stakeNoise` of each other) and gaps (rounds skipped, breaks, table changes). The ground truth
 * names every planted group and its rounds. Pure and deterministic: the same options give the same bets.
 */
export interface LaunderingStreamOptions {
  seed: number;
  start: Date;
  hours: number;
  /** Live tables running side by side (default 12). */
  tables?: number;
  /** Honest members (default 600). */
  honest?: number;
  /** Honest players seated at a table at a time (default 14). */
  crowd?: number;
  /** Planted pairs (default 20) and rings (default 10). */
  pairs?: number;
  rings?: number;
  /** Largest relative difference between the two sides' stakes of a planted round (default 0.06). */
  stakeNoise?: number;
}

export interface LaunderingPlantTruth {
  id: string;
  kind: 'pair' | 'ring';
  /** Pair: the two accounts, sorted. Ring: the hub first, then the accounts sorted. */
  memberIds: string[];
  hub?: string;
  /** The planted rounds (game id and round id), in time order. */
  rounds: { gameId: string; roundId: string; at: string }[];
  from: string;
  to: string;
}

export interface LaunderingStream {
  /** Bets with a side, in time order (one round's bets share its time). */
  bets: BetEvent[];
  truth: LaunderingPlantTruth[];
  /** Rounds in which two honest players stood on opposite sides with equal stakes (by chance). */
  honestOpposedRounds: number;
  rounds: number;
}

interface TableGame {
  gameId: string;
  gameType: string;
  sides: [string, string];
  /** Hedge side (tie, any triple) some honest players add. */
  extra: string;
  /** Outcome: the winning main side, or `extra`. */
  outcome: (rng: Random) => string;
  /** Payout multiple of the winning side (stake included). */
  pays: (side: string, outcome: string) => number;
}

const KINDS: Omit<TableGame, 'gameId'>[] = [
  {
    gameType: 'baccarat',
    sides: ['banker', 'player'],
    extra: 'tie',
    outcome: (rng) => (rng.chance(0.095) ? 'tie' : rng.chance(0.507) ? 'banker' : 'player'),
    pays: (side, outcome) =>
      outcome === 'tie' ? (side === 'tie' ? 9 : 1) : side === outcome ? (side === 'banker' ? 1.95 : 2) : 0,
  },
  {
    gameType: 'dragon-tiger',
    sides: ['dragon', 'tiger'],
    extra: 'tie',
    outcome: (rng) => (rng.chance(0.075) ? 'tie' : rng.chance(0.5) ? 'dragon' : 'tiger'),
    pays: (side, outcome) => (outcome === 'tie' ? (side === 'tie' ? 9 : 0.5) : side === outcome ? 2 : 0),
  },
  {
    gameType: 'sicbo',
    sides: ['big', 'small'],
    extra: 'triple',
    outcome: (rng) => (rng.chance(1 / 36) ? 'triple' : rng.chance(0.5) ? 'big' : 'small'),
    pays: (side, outcome) => (side === outcome ? (side === 'triple' ? 31 : 2) : 0),
  },
];

const DENOMINATIONS = [10, 20, 50, 100, 200, 500, 1000, 2000];
const DENOMINATION_WEIGHTS = [18, 20, 22, 18, 10, 7, 4, 1];

interface Seat {
  member: string;
  base: number;
  /** Rounds left in this session. */
  left: number;
  favourite: 0 | 1 | undefined;
}

interface Plant {
  truth: LaunderingPlantTruth;
  accounts: string[];
  table: number;
  /** Next round index at which the plant may bet; rounds to go. */
  startRound: number;
  toGo: number;
  stake: number;
  /** Chance of skipping a round (a gap); chance of moving to another table after a round. */
  skip: number;
  move: number;
}

/** Generates the stream; see `LaunderingStreamOptions`. */
export function createLaunderingStream(options: LaunderingStreamOptions): LaunderingStream {
  const rng = new Random(options.seed, 18);
  const tablesN = options.tables ?? 12;
  const honestN = options.honest ?? 600;
  const crowd = options.crowd ?? 14;
  const noise = options.stakeNoise ?? 0.06;
  const startMs = options.start.getTime();
  const endMs = startMs + options.hours * 3_600_000;

  const tables: TableGame[] = Array.from({ length: tablesN }, (_, i) => {
    const kind = KINDS[i % KINDS.length] as Omit<TableGame, 'gameId'>;
    return { ...kind, gameId: `${kind.gameType.slice(0, 3).toUpperCase()}${String(i + 1).padStart(2, '0')}` };
  });
  const honest = Array.from({ length: honestN }, (_, i) => `h${String(i).padStart(5, '0')}`);
  const honestBase = new Map(
    honest.map((m) => [m, DENOMINATIONS[rng.weighted(DENOMINATION_WEIGHTS)] as number] as const),
  );
  const seats: Seat[][] = tables.map(() => []);
  const seated = new Set<string>();

  // Each table's rounds: every 30–50 s, staggered.
  const nextAt = tables.map(() => startMs + rng.int(40_000));
  const roundNo = tables.map(() => 0);

  const plantCount = { pair: options.pairs ?? 20, ring: options.rings ?? 10 };
  const plants: Plant[] = [];
  const totalRoundsApprox = Math.floor(((endMs - startMs) / 40_000) * 0.85);
  for (const kind of ['pair', 'ring'] as const) {
    for (let i = 0; i < plantCount[kind]; i++) {
      const id = `${kind}-${i}`;
      const accounts =
        kind === 'pair'
          ? [`${id}-a`, `${id}-b`]
          : [`${id}-hub`, ...Array.from({ length: rng.between(2, 3) }, (_, k) => `${id}-${k}`)];
      const rounds = rng.between(6, 16);
      plants.push({
        truth: {
          id,
          kind,
          memberIds: kind === 'pair' ? [...accounts].sort() : [accounts[0] as string, ...accounts.slice(1).sort()],
          ...(kind === 'ring' ? { hub: accounts[0] } : {}),
          rounds: [],
          from: '',
          to: '',
        },
        accounts,
        table: rng.int(tablesN),
        startRound: rng.int(Math.max(1, totalRoundsApprox - rounds * 3)),
        toGo: rounds,
        // Rings split the other side over 2–3 accounts: each part stays above a usual minimum stake.
        stake: (kind === 'pair'
          ? DENOMINATIONS[1 + rng.weighted(DENOMINATION_WEIGHTS.slice(1))]
          : rng.pick([100, 200, 500])) as number,
        skip: rng.range(0.1, 0.45),
        move: rng.range(0, 0.15),
      });
    }
  }

  const bets: BetEvent[] = [];
  let honestOpposedRounds = 0;
  let rounds = 0;
  let betNo = 0;
  const noisy = (stake: number) => Math.round(stake * (1 + rng.range(0, noise)) * 100) / 100;
  const bet = (member: string, t: TableGame, roundId: string, at: string, side: string, stake: number, o: string) => {
    bets.push({
      type: 'bet',
      id: `b${betNo++}`,
      at,
      memberId: member,
      gameId: t.gameId,
      roundId,
      stake,
      payout: Math.round(stake * t.pays(side, o) * 100) / 100,
      currency: 'USD',
      side,
      gameType: t.gameType,
    });
  };

  for (;;) {
    let ti = 0;
    for (let i = 1; i < tablesN; i++) if ((nextAt[i] as number) < (nextAt[ti] as number)) ti = i;
    const atMs = nextAt[ti] as number;
    if (atMs >= endMs) break;
    nextAt[ti] = atMs + rng.between(30_000, 50_000);
    const t = tables[ti] as TableGame;
    const n = roundNo[ti] as number;
    roundNo[ti] = n + 1;
    rounds++;
    const roundId = `${t.gameId}-${n}`;
    const at = new Date(atMs).toISOString();
    const outcome = t.outcome(rng);

    // Honest crowd: fill the seats, play, leave.
    const table = seats[ti] as Seat[];
    while (table.length < crowd) {
      const member = rng.pick(honest);
      if (seated.has(member)) continue;
      seated.add(member);
      const fav = rng.float();
      table.push({
        member,
        base: honestBase.get(member) as number,
        left: rng.between(15, 150),
        favourite: fav < 0.3 ? 0 : fav < 0.55 ? 1 : undefined,
      });
    }
    const stakesBySide = new Map<string, number[]>();
    for (const seat of table) {
      if (!rng.chance(0.8)) continue;
      const side = seat.favourite !== undefined && rng.chance(0.75) ? t.sides[seat.favourite] : t.sides[rng.int(2)];
      const stake = seat.base * (rng.chance(0.25) ? rng.pick([0.5, 2, 3]) : 1);
      bet(seat.member, t, roundId, at, side as string, stake, outcome);
      stakesBySide.set(side as string, [...(stakesBySide.get(side as string) ?? []), stake]);
      if (rng.chance(0.08)) bet(seat.member, t, roundId, at, t.extra, Math.max(1, seat.base / 10), outcome);
    }
    const [s0, s1] = t.sides.map((s) => stakesBySide.get(s) ?? []);
    if (s0?.some((x) => s1?.includes(x))) honestOpposedRounds++;
    for (let i = table.length - 1; i >= 0; i--) {
      const seat = table[i] as Seat;
      if (--seat.left <= 0) {
        table.splice(i, 1);
        seated.delete(seat.member);
      }
    }

    // Planted groups at this table.
    for (const p of plants) {
      if (p.table !== ti || p.toGo <= 0 || n < p.startRound) continue;
      if (rng.chance(p.skip)) continue;
      const hubSide = rng.int(2);
      const [own, other] = [t.sides[hubSide] as string, t.sides[1 - hubSide] as string];
      const stake = p.stake * (rng.chance(0.3) ? rng.pick([0.5, 2]) : 1);
      const [first, ...rest] = p.accounts as [string, ...string[]];
      const firstStake = noisy(stake);
      bet(first, t, roundId, at, own, firstStake, outcome);
      if (p.truth.kind === 'pair') bet(rest[0] as string, t, roundId, at, other, noisy(stake), outcome);
      else {
        // The accounts split the other side; the parts sum to the hub's stake within the noise.
        const total = noisy(stake);
        const weights = rest.map(() => rng.range(0.6, 1.4));
        const sum = weights.reduce((a, b) => a + b, 0);
        rest.forEach((account, k) => {
          const part = Math.round(((total * (weights[k] as number)) / sum) * 100) / 100;
          bet(account, t, roundId, at, other, part, outcome);
        });
      }
      p.truth.rounds.push({ gameId: t.gameId, roundId, at });
      if (!p.truth.from) p.truth.from = at;
      p.truth.to = at;
      p.toGo--;
      // A break or a table change: start again some rounds later, maybe elsewhere.
      if (rng.chance(p.move)) {
        p.table = rng.int(tablesN);
        p.startRound = (roundNo[p.table] as number) + rng.between(5, 60);
      }
    }
  }
  return {
    bets,
    truth: plants.map((p) => p.truth).filter((t) => t.rounds.length > 0),
    honestOpposedRounds,
    rounds,
  };
}

/** An alert as scored: who (members; for a ring the hub first) and when it first reached level 1. */
export interface ScoredOpposingAlert {
  kind: 'pair' | 'ring';
  members: readonly string[];
  atMs: number;
}

export interface LaunderingQuality {
  planted: number;
  found: number;
  /** Planted groups alerted no later than their third planted round. */
  byThirdRound: number;
  alerts: number;
  truePositives: number;
  recall: number;
  precision: number;
  /** Planted groups missed, and groups alerted late (ids). */
  missed: string[];
  late: string[];
  /** False alerts: their members. */
  falseAlerts: string[][];
}

/**
 * Scores alerts against the ground truth: a pair alert is true when both members belong to one planted
 * group, a ring alert when its hub is a planted ring's hub; a planted group is found by
 * such an alert, on time when the alert came no later than its third planted round.
 */
export function scoreLaunderingAlerts(truth: LaunderingPlantTruth[], alerts: ScoredOpposingAlert[]): LaunderingQuality {
  const plantOf = new Map<string, LaunderingPlantTruth>();
  for (const plant of truth) for (const m of plant.memberIds) plantOf.set(m, plant);
  const firstAt = new Map<string, number>();
  const falseAlerts: string[][] = [];
  let truePositives = 0;
  for (const alert of alerts) {
    // A ring is about its hub: honest accounts that happened to stand with the ring's accounts do not
    // make it false. A pair must be two accounts of one planted group.
    const hub = alert.members[0] as string;
    const plants = new Set(alert.members.map((m) => plantOf.get(m)));
    const plant =
      alert.kind === 'ring'
        ? plantOf.get(hub)?.hub === hub
          ? plantOf.get(hub)
          : undefined
        : plants.size === 1
          ? [...plants][0]
          : undefined;
    if (!plant) {
      falseAlerts.push([...alert.members]);
      continue;
    }
    truePositives++;
    firstAt.set(plant.id, Math.min(firstAt.get(plant.id) ?? Number.POSITIVE_INFINITY, alert.atMs));
  }
  const missed: string[] = [];
  const late: string[] = [];
  let byThirdRound = 0;
  for (const plant of truth) {
    const at = firstAt.get(plant.id);
    if (at === undefined) {
      missed.push(plant.id);
      continue;
    }
    const third = plant.rounds[2];
    if (third && at <= Date.parse(third.at)) byThirdRound++;
    else late.push(plant.id);
  }
  const found = truth.length - missed.length;
  return {
    planted: truth.length,
    found,
    byThirdRound,
    alerts: alerts.length,
    truePositives,
    recall: truth.length === 0 ? 1 : found / truth.length,
    precision: alerts.length === 0 ? 1 : truePositives / alerts.length,
    missed,
    late,
    falseAlerts,
  };
}
