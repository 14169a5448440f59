import type { GameMaster } from '@pitboss/contract';
import { FOOTBALL_LEAGUES, PROVIDERS, SLOT_NAMES, TABLE_LETTERS } from '../names';
import { Random } from '../random';
import { FOOTBALL_RTP, type League, leagueOf } from './football';
import { type SlotModel, slotModel } from './slots';
import { TABLE_RULES, type TableKind, type TableRules } from './table';

export type GameKind = TableKind | 'football' | 'slot';

export interface GameSpec {
  index: number;
  id: string;
  kind: GameKind;
  master: GameMaster;
  table?: { rules: TableRules; roundMs: number; offsetMs: number };
  slot?: SlotModel;
  league?: League;
}

/** Share of each kind in a catalogue of 30 games (a mid-sized Asian platform's lobby). */
const MIX: readonly (readonly [GameKind, number])[] = [
  ['slot', 12],
  ['baccarat', 7],
  ['football', 4],
  ['sic-bo', 3],
  ['dragon-tiger', 2],
  ['roulette', 2],
];
/** With few games, the kinds the issue names come first. */
const PRIORITY: readonly GameKind[] = ['slot', 'baccarat', 'football', 'sic-bo', 'dragon-tiger', 'roulette'];

const CODES: Record<GameKind, string> = {
  baccarat: 'BAC',
  'dragon-tiger': 'DT',
  'sic-bo': 'SB',
  roulette: 'RL',
  football: 'FB',
  slot: 'SL',
};
const TYPE_NAMES: Record<GameKind, string> = {
  baccarat: 'baccarat',
  'dragon-tiger': 'dragon-tiger',
  'sic-bo': 'sic-bo',
  roulette: 'roulette',
  football: 'football',
  slot: 'slot',
};
const SLOT_RTPS = [0.94, 0.95, 0.955, 0.96, 0.965, 0.97] as const;

export function kindCounts(total: number): Map<GameKind, number> {
  const counts = new Map<GameKind, number>();
  const present = PRIORITY.slice(0, Math.min(total, PRIORITY.length));
  for (const kind of present) counts.set(kind, 1);
  let left = total - present.length;
  const weightSum = MIX.reduce((sum, [kind, w]) => sum + (counts.has(kind) ? w : 0), 0);
  // Largest remainder over the kinds present.
  const shares = MIX.filter(([kind]) => counts.has(kind)).map(([kind, w]) => {
    const exact = (left * w) / weightSum;
    return { kind, whole: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  for (const s of shares) {
    counts.set(s.kind, (counts.get(s.kind) ?? 0) + s.whole);
    left -= s.whole;
  }
  shares.sort((a, b) => b.rest - a.rest);
  for (let i = 0; left > 0; i++, left--) {
    const s = shares[i % shares.length];
    if (s) counts.set(s.kind, (counts.get(s.kind) ?? 0) + 1);
  }
  return counts;
}

export function buildCatalogue(seed: number, total: number): GameSpec[] {
  const rng = new Random(seed, 0xca7a);
  const games: GameSpec[] = [];
  for (const [kind, count] of kindCounts(total)) {
    for (let n = 0; n < count; n++) {
      const index = games.length;
      const id = `${CODES[kind]}${String(n + 1).padStart(2, '0')}`;
      games.push(buildGame(seed, rng, kind, index, n, id));
    }
  }
  return games;
}

function buildGame(seed: number, rng: Random, kind: GameKind, index: number, n: number, id: string): GameSpec {
  const gameType = TYPE_NAMES[kind];
  if (kind === 'slot') {
    const rtp = rng.pick(SLOT_RTPS);
    const name =
      SLOT_NAMES[n % SLOT_NAMES.length] + (n >= SLOT_NAMES.length ? ` ${Math.floor(n / SLOT_NAMES.length) + 1}` : '');
    const master = { gameId: id, name, gameType, provider: rng.pick(PROVIDERS.slot), expectedRtp: rtp };
    return { index, id, kind, master, slot: slotModel(rtp) };
  }
  if (kind === 'football') {
    const league = FOOTBALL_LEAGUES[n % FOOTBALL_LEAGUES.length] ?? 'League';
    const master = {
      gameId: id,
      name: league,
      gameType,
      provider: PROVIDERS.sports[0],
      expectedRtp: round4(FOOTBALL_RTP),
    };
    return { index, id, kind, master, league: leagueOf(seed, index, id) };
  }
  const rules = TABLE_RULES[kind];
  const letter = TABLE_LETTERS[n % TABLE_LETTERS.length] ?? 'Z';
  const name = tableName(kind, n, letter);
  const roundMs = Math.round(rng.range(rules.roundMs[0], rules.roundMs[1]) / 1000) * 1000;
  const master = {
    gameId: id,
    name,
    gameType,
    provider: rng.pick(PROVIDERS.live),
    expectedRtp: round4(rules.expectedRtp),
  };
  return { index, id, kind, master, table: { rules, roundMs, offsetMs: rng.int(roundMs) } };
}

function tableName(kind: TableKind, n: number, letter: string): string {
  switch (kind) {
    case 'baccarat':
      return `${['Baccarat', 'Speed Baccarat', 'Squeeze Baccarat'][n % 3]} ${letter}`;
    case 'dragon-tiger':
      return `Dragon Tiger ${letter}`;
    case 'sic-bo':
      return `${n % 2 ? 'Super Sic Bo' : 'Sic Bo'} ${letter}`;
    case 'roulette':
      return `European Roulette ${letter}`;
  }
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
