import type { Random } from '../random';

/**
 * Live table games: one outcome per round, shared by every bet on that round. Outcome codes are small
 * integers; `multiplier` turns an outcome and a side into the payout per unit of stake (stake included,
 * so 1 is a push and 0 a loss), following each game's real paytable.
 */
export type TableKind = 'baccarat' | 'dragon-tiger' | 'sic-bo' | 'roulette';

export interface TableRules {
  kind: TableKind;
  /** Sides normal members back, with how often they back them. */
  mainSides: readonly string[];
  mainWeights: readonly number[];
  /** A side bet that wins exactly when every main side does not: placing it breaks any win streak. */
  hedgeSide: string;
  /** Pairs of opposite sides (each side maps to its opposite). */
  opposite: Readonly<Record<string, string>>;
  /** Round length in ms: how often a new round opens. */
  roundMs: readonly [number, number];
  draw(rng: Random): number;
  multiplier(outcome: number, side: string): number;
  /** Expected return of the normal members' bet mix. */
  expectedRtp: number;
}

const BACCARAT_P = [0.458597, 0.446247, 0.095156] as const; // banker, player, tie (8 decks)

const baccarat: TableRules = {
  kind: 'baccarat',
  mainSides: ['banker', 'player'],
  mainWeights: [0.55, 0.45],
  hedgeSide: 'tie',
  opposite: { banker: 'player', player: 'banker' },
  roundMs: [27_000, 48_000],
  draw: (rng) => rng.weighted(BACCARAT_P),
  multiplier(outcome, side) {
    if (side === 'tie') return outcome === 2 ? 9 : 0;
    if (outcome === 2) return 1; // a tie returns banker and player bets
    if (side === 'banker') return outcome === 0 ? 1.95 : 0;
    return outcome === 1 ? 2 : 0;
  },
  expectedRtp: 0.55 * (BACCARAT_P[0] * 1.95 + BACCARAT_P[2]) + 0.45 * (BACCARAT_P[1] * 2 + BACCARAT_P[2]),
};

const DT_TIE = 1 / 13;
const dragonTiger: TableRules = {
  kind: 'dragon-tiger',
  mainSides: ['dragon', 'tiger'],
  mainWeights: [0.5, 0.5],
  hedgeSide: 'tie',
  opposite: { dragon: 'tiger', tiger: 'dragon' },
  roundMs: [22_000, 30_000],
  // One card each from an (effectively) endless shoe: a tie when the ranks match.
  draw: (rng) => {
    const dragon = rng.int(13);
    const tiger = rng.int(13);
    return dragon === tiger ? 2 : dragon > tiger ? 0 : 1;
  },
  multiplier(outcome, side) {
    if (side === 'tie') return outcome === 2 ? 12 : 0;
    if (outcome === 2) return 0.5; // half the stake back on a tie
    return (side === 'dragon') === (outcome === 0) ? 2 : 0;
  },
  expectedRtp: (1 - DT_TIE) * 0.5 * 2 + DT_TIE * 0.5,
};

/** Sic bo outcome: the dice total, plus 100 when all three dice match. */
const sicBo: TableRules = {
  kind: 'sic-bo',
  mainSides: ['big', 'small'],
  mainWeights: [0.52, 0.48],
  hedgeSide: 'triple',
  opposite: { big: 'small', small: 'big' },
  roundMs: [35_000, 50_000],
  draw: (rng) => {
    const a = rng.between(1, 6);
    const b = rng.between(1, 6);
    const c = rng.between(1, 6);
    return a + b + c + (a === b && b === c ? 100 : 0);
  },
  multiplier(outcome, side) {
    const triple = outcome >= 100;
    if (side === 'triple') return triple ? 31 : 0;
    if (triple) return 0;
    return (side === 'big') === outcome >= 11 ? 2 : 0;
  },
  expectedRtp: (105 / 216) * 2,
};

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const roulette: TableRules = {
  kind: 'roulette',
  mainSides: ['red', 'black', 'odd', 'even'],
  mainWeights: [0.3, 0.3, 0.2, 0.2],
  hedgeSide: 'zero',
  opposite: { red: 'black', black: 'red', odd: 'even', even: 'odd' },
  roundMs: [40_000, 55_000],
  draw: (rng) => rng.int(37),
  multiplier(n, side) {
    if (side === 'zero') return n === 0 ? 36 : 0;
    if (n === 0) return 0;
    if (side === 'red') return RED.has(n) ? 2 : 0;
    if (side === 'black') return RED.has(n) ? 0 : 2;
    return (side === 'odd') === (n % 2 === 1) ? 2 : 0;
  },
  expectedRtp: (18 / 37) * 2,
};

export const TABLE_RULES: Record<TableKind, TableRules> = {
  baccarat,
  'dragon-tiger': dragonTiger,
  'sic-bo': sicBo,
  roulette,
};

/** The main sides that win an outcome outright (payout above the stake). */
export function winningSides(rules: TableRules, outcome: number): string[] {
  return rules.mainSides.filter((side) => rules.multiplier(outcome, side) > 1);
}

/** The main sides that lose an outcome (payout 0). */
export function losingSides(rules: TableRules, outcome: number): string[] {
  return rules.mainSides.filter((side) => rules.multiplier(outcome, side) === 0);
}
