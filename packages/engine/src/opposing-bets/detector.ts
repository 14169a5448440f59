import { eligible, levelFor, matchRound, oppositeSides, roundKeyOf } from './match';
import type { OpposingBet, OpposingRaise, OpposingRule, OpposingSubject } from './types';

export interface OpposingDetectorOptions {
  /**
   * How late a bet may arrive behind the newest one seen and still count (default 2 minutes). A round is
   * decided (closed) once the newest time seen is more than this past the round's time: raises wait for it.
   */
  lateMs?: number;
  /**
   * Most subjects held (default 2,000,000). Past it, the least recently matched subjects are dropped
   * (their history forgotten: a later match starts them afresh). The property tests never reach it.
   */
  maxSubjects?: number;
  /**
   * For a detector rebuilt by replay from this time: rounds earlier than `replayFromMs + windowMs` (their
   * windows not fully replayed) raise nothing; they were decided before the restart.
   */
  replayFromMs?: number;
}

interface RoundState {
  /** A number per round, for the members' recent rounds. */
  seq: number;
  bets: OpposingBet[];
  ids: Set<string>;
  /** The newest bet time of the round: the round closes once it falls behind the watermark. */
  newestMs: number;
}

/** A matched round of a subject. */
interface MatchedRound {
  roundKey: string;
  atMs: number;
  stake: number;
  /** What the subject's first member (a pair's first, a ring's hub) won or lost in the round. */
  net: number;
}

interface SubjectState {
  subject: OpposingSubject;
  accounts: Set<string>;
  /** Sorted by (atMs, roundKey); only rounds that can still be in a window. */
  matched: MatchedRound[];
  /** Times of the shared rounds that did not match (from the lookback before its first match), sorted. */
  unmatched: number[];
}

/** A closed round a member bet in: its number and time. */
interface PlayedRound {
  seq: number;
  atMs: number;
}

export interface OpposingDetectorStats {
  /** Open rounds and their bets (held until the round closes). */
  rounds: number;
  bets: number;
  subjects: number;
  /** Matched and unmatched shared rounds held for the subjects. */
  subjectRounds: number;
  unmatchedRounds: number;
  /** Members with recent rounds, and those rounds. */
  members: number;
  playedRounds: number;
  /** Subjects dropped by the cap so far. */
  evicted: number;
}

const byTimeThenKey = (a: { atMs: number; roundKey: string }, b: { atMs: number; roundKey: string }) =>
  a.atMs - b.atMs || (a.roundKey < b.roundKey ? -1 : a.roundKey > b.roundKey ? 1 : 0);

/**
 * The opposing-bet detector of one setting. Bets with a side are held per (gameId, roundId) until the
 * round closes (the newest bet time seen passes the round's time by `lateMs`); then the round is matched
 * (`matchRound`: pairs of members on opposite sides with stakes within the tolerance, and rings: one
 * member against 2–3 accounts whose stakes sum to its own) and its bets are dropped.
 *
 * Per subject (an unordered pair of members, or a ring keyed by its hub) the detector counts its matched
 * rounds and its *shared* rounds: for a pair, the rounds both members bet in (eligible bets); for a ring,
 * the rounds its hub bet in. At each matched round R, over the window (R − windowMs, R]: `rounds` = the
 * matched rounds, `matchedStake` their stake, and the opposed share = matched ÷ shared rounds, the shared
 * rounds counted from the window's first matched round up to R. The highest level whose conditions hold
 * is raised at R when the share reaches `minSharePct` — honest regulars who happen to oppose now and then
 * share many more rounds than they match. Shared rounds are counted for a subject only while it has a
 * matched round that can still be in a window, so per subject the state is its matched rounds only.
 *
 * Guarantees (property-tested against `testing/opposing-oracle.ts`): the raises (subject, round, level)
 * are the same whatever the batch boundaries or the order of bets, and after a restart that replays the
 * stored bets of the retention span, provided no bet is later than `lateMs` behind the newest one, the
 * bets of one round share one time, and fewer than `maxSubjects` subjects are live. Memory: the bets of
 * the last `lateMs`, plus per live subject its matched rounds of the last window (at most `maxSubjects`).
 */
export class OpposingBetDetector {
  private readonly opposite: Map<string, Set<string>>;
  private readonly lateMs: number;
  private readonly maxSubjects: number;
  private readonly quietBeforeMs: number;
  private readonly rounds = new Map<string, RoundState>();
  /** Insertion order = least recently matched first (a match moves the subject to the end). */
  private readonly subjects = new Map<string, SubjectState>();
  /** Member → keys of the pair subjects they belong to. */
  private readonly pairsOf = new Map<string, Set<string>>();
  /** Member → the closed rounds they bet in over the last `shareLookbackMs`, oldest first. */
  private readonly played = new Map<string, PlayedRound[]>();
  private roundSeq = 0;
  private lastPlayedSweep = Number.NEGATIVE_INFINITY;
  private newestMs = Number.NEGATIVE_INFINITY;
  private lastSweep = Number.NEGATIVE_INFINITY;
  private evicted = 0;

  constructor(
    readonly rule: OpposingRule,
    options: OpposingDetectorOptions = {},
  ) {
    this.opposite = oppositeSides(rule);
    this.lateMs = options.lateMs ?? 120_000;
    this.maxSubjects = options.maxSubjects ?? 2_000_000;
    this.quietBeforeMs =
      options.replayFromMs === undefined
        ? Number.NEGATIVE_INFINITY
        : options.replayFromMs + rule.windowMs + rule.shareLookbackMs;
  }

  /** Bets older than this are ignored (too late); rounds whose newest bet is older are closed. */
  get watermark(): number {
    return this.newestMs - this.lateMs;
  }

  /** The span of stored bets a fresh detector must replay to continue where this one is (from `newest − retention`). */
  get retentionMs(): number {
    return 2 * this.rule.windowMs + this.rule.shareLookbackMs + this.lateMs;
  }

  /** The accounts seen so far against a ring's hub, sorted. */
  accountsOf(subjectKey: string): string[] {
    return [...(this.subjects.get(subjectKey)?.accounts ?? [])].sort();
  }

  /**
   * Feeds a batch; answers the raises of the rounds it closed (each matched round at most once, at the
   * level that holds there). `clockMs`: the newest event time of the batch, bets without a side included,
   * so quiet tables still close.
   */
  push(bets: readonly OpposingBet[], clockMs = Number.NEGATIVE_INFINITY): OpposingRaise[] {
    // Too late: behind the watermark before the batch (a batch is taken as if in time order).
    const tooLate = this.watermark;
    for (const bet of bets) {
      if (bet.atMs < tooLate || !eligible(this.rule, this.opposite, bet)) continue;
      const key = roundKeyOf(bet.gameId, bet.roundId);
      let round = this.rounds.get(key);
      if (!round) {
        round = { seq: this.roundSeq++, bets: [], ids: new Set(), newestMs: bet.atMs };
        this.rounds.set(key, round);
      }
      if (round.ids.has(bet.id)) continue;
      round.ids.add(bet.id);
      round.bets.push(bet);
      if (bet.atMs > round.newestMs) round.newestMs = bet.atMs;
    }
    if (clockMs > this.newestMs) this.newestMs = clockMs;
    for (const bet of bets) if (bet.atMs > this.newestMs) this.newestMs = bet.atMs;
    return this.close(this.watermark);
  }

  /** Closes every open round (the end of a stream, in tests and benchmarks); answers their raises. */
  flush(): OpposingRaise[] {
    return this.close(Number.POSITIVE_INFINITY);
  }

  stats(): OpposingDetectorStats {
    let bets = 0;
    for (const r of this.rounds.values()) bets += r.bets.length;
    let subjectRounds = 0;
    let unmatchedRounds = 0;
    for (const s of this.subjects.values()) {
      subjectRounds += s.matched.length;
      unmatchedRounds += s.unmatched.length;
    }
    let playedRounds = 0;
    for (const list of this.played.values()) playedRounds += list.length;
    return {
      rounds: this.rounds.size,
      bets,
      subjects: this.subjects.size,
      subjectRounds,
      unmatchedRounds,
      members: this.played.size,
      playedRounds,
      evicted: this.evicted,
    };
  }

  /** Closes the rounds whose newest bet is older than `watermark`, oldest first. */
  private close(watermark: number): OpposingRaise[] {
    const closing: { roundKey: string; atMs: number; round: RoundState }[] = [];
    for (const [roundKey, round] of this.rounds) {
      if (round.newestMs < watermark) closing.push({ roundKey, atMs: round.newestMs, round });
    }
    if (closing.length === 0) return [];
    closing.sort(byTimeThenKey);
    for (const c of closing) this.rounds.delete(c.roundKey);
    // Matches first (every round of the group), so shared rounds at a match's time count for it.
    const fresh: { state: SubjectState; entry: MatchedRound }[] = [];
    const matchedIn = new Map<string, Set<string>>();
    for (const { roundKey, round } of closing) {
      const keys = new Set<string>();
      matchedIn.set(roundKey, keys);
      for (const match of matchRound(this.rule, this.opposite, round.bets).values()) {
        keys.add(match.subject.key);
        const state = this.touch(match.subject, match.atMs);
        for (const a of match.accounts) state.accounts.add(a);
        const first = match.subject.members[0] as string;
        let net = 0;
        for (const bet of round.bets) if (bet.memberId === first) net += bet.payout - bet.stake;
        const entry: MatchedRound = { roundKey, atMs: match.atMs, stake: match.stake, net };
        insertSorted(state.matched, entry);
        fresh.push({ state, entry });
      }
    }
    // Shared rounds that did not match, for the subjects held.
    for (const { roundKey, atMs, round } of closing) {
      const matched = matchedIn.get(roundKey) as Set<string>;
      const members = new Set(round.bets.map((b) => b.memberId));
      for (const m of members) {
        const ring = this.subjects.get(`ring:${m}`);
        if (ring && !matched.has(`ring:${m}`)) insertTime(ring.unmatched, atMs);
        for (const key of this.pairsOf.get(m) ?? []) {
          const state = this.subjects.get(key) as SubjectState;
          const [x, y] = state.subject.members as [string, string];
          if (x === m && members.has(y) && !matched.has(key)) insertTime(state.unmatched, atMs);
        }
      }
    }
    // The members' recent rounds (after the subjects created in this group were seeded from them).
    for (const { atMs, round } of closing) {
      for (const m of new Set(round.bets.map((b) => b.memberId))) {
        let list = this.played.get(m);
        if (!list) {
          list = [];
          this.played.set(m, list);
        }
        list.push({ seq: round.seq, atMs });
      }
    }
    const raises: OpposingRaise[] = [];
    fresh.sort((a, b) => byTimeThenKey(a.entry, b.entry) || (a.state.subject.key < b.state.subject.key ? -1 : 1));
    for (const { state, entry } of fresh) {
      const raise = this.evaluate(state, entry);
      if (raise) raises.push(raise);
    }
    this.expire(closing[closing.length - 1]?.atMs as number);
    return raises;
  }

  /**
   * The subject's state, moved to the most recently matched end; created if new, with the shared rounds
   * of the lookback before its first match (`atMs`) from the members' recent rounds: no matched round of
   * the subject can be among them (it would still be held).
   */
  private touch(subject: OpposingSubject, atMs: number): SubjectState {
    let state = this.subjects.get(subject.key);
    if (state) {
      this.subjects.delete(subject.key);
      this.subjects.set(subject.key, state);
      return state;
    }
    const from = atMs - this.rule.shareLookbackMs;
    const unmatched: number[] = [];
    const [x, y] = subject.members as [string, string | undefined];
    const mine = this.played.get(x) ?? [];
    if (subject.kind === 'ring') {
      for (const r of mine) if (r.atMs >= from) unmatched.push(r.atMs);
    } else {
      const theirs = new Set((this.played.get(y as string) ?? []).map((r) => r.seq));
      for (const r of mine) if (r.atMs >= from && theirs.has(r.seq)) unmatched.push(r.atMs);
    }
    state = { subject, accounts: new Set(), matched: [], unmatched };
    this.subjects.set(subject.key, state);
    if (subject.kind === 'pair') {
      for (const m of subject.members) {
        const set = this.pairsOf.get(m) ?? new Set<string>();
        set.add(subject.key);
        this.pairsOf.set(m, set);
      }
    }
    return state;
  }

  /** The level at the matched round `entry`: the window (at − windowMs, at] ending there. */
  private evaluate(state: SubjectState, entry: MatchedRound): OpposingRaise | null {
    if (entry.atMs < this.quietBeforeMs) return null;
    const list = state.matched;
    const at = entry.atMs;
    let lo = 0;
    while ((list[lo] as MatchedRound).atMs <= at - this.rule.windowMs) lo++;
    let end = list.length - 1;
    while ((list[end] as MatchedRound).atMs > at) end--;
    let stake = 0;
    let net = 0;
    for (let i = lo; i <= end; i++) {
      const m = list[i] as MatchedRound;
      stake += m.stake;
      net += m.net;
    }
    // Unmatched shared rounds in the window, from the lookback before its first matched round.
    const from = (list[lo] as MatchedRound).atMs - this.rule.shareLookbackMs;
    const after = at - this.rule.windowMs;
    let unmatched = 0;
    for (let i = state.unmatched.length - 1; i >= 0; i--) {
      const t = state.unmatched[i] as number;
      if (t < from || t <= after) break;
      if (t <= at) unmatched++;
    }
    const rounds = end - lo + 1;
    const shared = rounds + unmatched;
    if ((rounds * 100) / shared < this.rule.minSharePct - 1e-9) return null;
    const level = levelFor(this.rule.levels, rounds, stake);
    if (level === 0) return null;
    const subject =
      state.subject.kind === 'ring'
        ? { ...state.subject, members: [state.subject.members[0] as string, ...[...state.accounts].sort()] }
        : state.subject;
    return {
      eventId: this.rule.eventId,
      subject,
      level,
      roundKey: entry.roundKey,
      atMs: at,
      windowStartMs: at - this.rule.windowMs,
      rounds,
      matchedStake: stake,
      sharedRounds: shared,
      netMoved: Math.abs(net),
    };
  }

  /**
   * After closing rounds up to `closedMs`: matched rounds that can no longer be in a window (every later
   * round is newer than the watermark) are dropped, a subject with none left too; then the cap.
   */
  private expire(closedMs: number): void {
    const keepAfter = Math.min(this.watermark, closedMs) - this.rule.windowMs;
    // A sweep every 1/16 window: rounds past it are skipped by `evaluate` meanwhile.
    if (keepAfter - this.lastSweep >= Math.max(1, this.rule.windowMs / 16)) this.sweep(keepAfter);
    this.sweepPlayed();
    while (this.subjects.size > this.maxSubjects) {
      const [key, state] = this.subjects.entries().next().value as [string, SubjectState];
      this.drop(key, state);
      this.evicted++;
    }
  }

  private sweep(keepAfter: number): void {
    this.lastSweep = keepAfter;
    for (const [key, state] of this.subjects) {
      const list = state.matched;
      let n = 0;
      while (n < list.length && (list[n] as MatchedRound).atMs <= keepAfter) n++;
      if (n > 0) list.splice(0, n);
      if (list.length === 0) this.drop(key, state);
      else {
        let u = 0;
        while (u < state.unmatched.length && (state.unmatched[u] as number) <= keepAfter) u++;
        if (u > 0) state.unmatched.splice(0, u);
      }
    }
  }

  /** The members' rounds older than the lookback before the watermark are dropped (every 1/8 lookback). */
  private sweepPlayed(): void {
    const keepFrom = this.watermark - this.rule.shareLookbackMs;
    if (keepFrom - this.lastPlayedSweep < Math.max(1, this.rule.shareLookbackMs / 8)) return;
    this.lastPlayedSweep = keepFrom;
    for (const [m, list] of this.played) {
      let n = 0;
      while (n < list.length && (list[n] as PlayedRound).atMs < keepFrom) n++;
      if (n === list.length) this.played.delete(m);
      else if (n > 0) list.splice(0, n);
    }
  }

  private drop(key: string, state: SubjectState): void {
    this.subjects.delete(key);
    if (state.subject.kind !== 'pair') return;
    for (const m of state.subject.members) {
      const set = this.pairsOf.get(m);
      set?.delete(key);
      if (set?.size === 0) this.pairsOf.delete(m);
    }
  }
}

function insertTime(list: number[], atMs: number): void {
  let i = list.length;
  while (i > 0 && (list[i - 1] as number) > atMs) i--;
  list.splice(i, 0, atMs);
}

function insertSorted(list: MatchedRound[], entry: MatchedRound): void {
  let i = list.length;
  while (i > 0 && byTimeThenKey(list[i - 1] as MatchedRound, entry) > 0) i--;
  list.splice(i, 0, entry);
}
