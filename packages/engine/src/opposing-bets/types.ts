/** A bet as the opposing-bet detector sees it: stakes and payouts in the company's base currency. */
export interface OpposingBet {
  id: string;
  memberId: string;
  gameId: string;
  roundId: string;
  side: string;
  stake: number;
  payout: number;
  atMs: number;
  gameType?: string | undefined;
}

export interface OpposingLevel {
  level: 1 | 2 | 3;
  /** Matched rounds in the window; 0 = not used. */
  rounds: number;
  /** Matched stake in the window; 0 = not used. */
  matchedStake: number;
  op: 'or' | 'and';
}

/** One opposing-bet setting of a company (contract `LaunderingSetting`, in engine terms). */
export interface OpposingRule {
  eventId: number;
  sidePairs: readonly (readonly [string, string])[];
  /** Game types included; empty = every game. */
  gameTypes: readonly string[];
  minStake: number;
  /** Percent of the larger stake by which two stakes may differ. */
  tolerancePct: number;
  windowMs: number;
  /**
   * Percent: a level is raised only when the matched rounds are at least this share of the rounds the
   * subject shared in the window (from its first matched round there); 0 = any share.
   */
  minSharePct: number;
  /** How far before a subject's first matched round in the window its shared rounds count too. */
  shareLookbackMs: number;
  levels: readonly OpposingLevel[];
}

/** Who an alert is about: two members, or one member (hub) against several accounts. */
export interface OpposingSubject {
  kind: 'pair' | 'ring';
  /** `pair:<a>|<b>` (sorted) or `ring:<hub>`. */
  key: string;
  /** Sorted; for a ring the hub first, then the accounts sorted. */
  members: string[];
}

/** What one subject did in one round: its matched stake and when (the later bet of the earliest match). */
export interface RoundMatch {
  subject: OpposingSubject;
  roundKey: string;
  gameId: string;
  roundId: string;
  atMs: number;
  stake: number;
}

/** A level reached at a matched round: the rounds and stake of the window ending there. */
export interface OpposingRaise {
  eventId: number;
  subject: OpposingSubject;
  level: 1 | 2 | 3;
  /** The matched round that raised it (`roundKeyOf`) and its time. */
  roundKey: string;
  atMs: number;
  windowStartMs: number;
  rounds: number;
  matchedStake: number;
  /** Rounds the subject shared from the window's first matched round to this one (matched included). */
  sharedRounds: number;
  /** |what the subject's first member (a ring's hub) won or lost| over the window's matched rounds. */
  netMoved: number;
}
