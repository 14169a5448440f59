import { eligible, levelFor, matchRound, oppositeSides, roundKeyOf } from './match';
import type { OpposingBet, OpposingRaise, OpposingRule, OpposingSubject } from './types';

export interface OpposingDetectorOptions {
  /** How late a bet may arrive after the newest one seen and still count (default 1 hour). */
  lateMs?: number;
}

interface RoundState {
  bets: OpposingBet[];
  ids: Set<string>;
  /** The newest bet time of the round: a round is dropped once it falls behind the watermark. */
  newestMs: number;
}

interface SubjectRound {
  atMs: number;
  stake: number;
  /** The highest level already raised at this round. */
  raised: 0 | 1 | 2 | 3;
}

interface SubjectState {
  subject: OpposingSubject;
  accounts: Set<string>;
  rounds: Map<string, SubjectRound>;
}

export interface OpposingDetectorStats {
  rounds: number;
  bets: number;
  subjects: number;
  subjectRounds: number;
}

/**
 * The opposing-bet detector of one setting: bets with a side are matched within their (gameId, roundId)
 * against opposite-side bets of other members (`matchRound`); matched rounds are counted per subject
 * (an unordered pair of members, or a ring: one member against several accounts) over a sliding window
 * of `windowMs` ending at each matched round, and the highest level that holds there is raised once.
 *
 * Guarantees (property-tested against `testing/opposing-oracle.ts`): the raises (subject, round, level)
 * are the same whatever the batch boundaries or the order of bets, and after a restart that replays the
 * stored bets of the retention span, provided no bet is later than `lateMs` behind the newest one and
 * the bets of one round share one time. Memory is bounded: rounds whose newest bet is older than
 * `newest − windowMs − lateMs` are dropped, and a subject's rounds once they can no longer be in a window.
 */
export class OpposingBetDetector {
  private readonly opposite: Map<string, Set<string>>;
  private readonly lateMs: number;
  private readonly rounds = new Map<string, RoundState>();
  private readonly subjects = new Map<string, SubjectState>();
  private newestMs = Number.NEGATIVE_INFINITY;
  private lastExpiry = Number.NEGATIVE_INFINITY;

  constructor(
    readonly rule: OpposingRule,
    options: OpposingDetectorOptions = {},
  ) {
    this.opposite = oppositeSides(rule);
    this.lateMs = options.lateMs ?? 3_600_000;
  }

  /** Bets older than this are ignored (too late). */
  get watermark(): number {
    return this.newestMs - this.rule.windowMs - this.lateMs;
  }

  /** The span of stored bets a fresh detector must replay to continue where this one is (from `newest − retention`). */
  get retentionMs(): number {
    return 2 * this.rule.windowMs + this.lateMs;
  }

  /** The accounts seen so far against a ring's hub, sorted. */
  accountsOf(subjectKey: string): string[] {
    return [...(this.subjects.get(subjectKey)?.accounts ?? [])].sort();
  }

  /** Feeds a batch; answers the raises it produced (each (subject, round) at a higher level than before). */
  push(bets: readonly OpposingBet[]): OpposingRaise[] {
    for (const bet of bets) if (bet.atMs > this.newestMs) this.newestMs = bet.atMs;
    const watermark = this.watermark;
    const touched = new Set<string>();
    for (const bet of bets) {
      if (bet.atMs < watermark || !eligible(this.rule, this.opposite, bet)) continue;
      const key = roundKeyOf(bet.gameId, bet.roundId);
      let round = this.rounds.get(key);
      if (!round) {
        round = { bets: [], ids: new Set(), newestMs: bet.atMs };
        this.rounds.set(key, round);
      }
      if (round.ids.has(bet.id)) continue;
      round.ids.add(bet.id);
      round.bets.push(bet);
      if (bet.atMs > round.newestMs) round.newestMs = bet.atMs;
      touched.add(key);
    }
    const changed = new Set<string>();
    for (const key of touched) {
      const round = this.rounds.get(key) as RoundState;
      for (const match of matchRound(this.rule, this.opposite, round.bets).values()) {
        let state = this.subjects.get(match.subject.key);
        if (!state) {
          state = { subject: match.subject, accounts: new Set(), rounds: new Map() };
          this.subjects.set(match.subject.key, state);
        }
        for (const a of match.accounts) state.accounts.add(a);
        const seen = state.rounds.get(key);
        if (!seen) state.rounds.set(key, { atMs: match.atMs, stake: match.stake, raised: 0 });
        else {
          seen.atMs = Math.min(seen.atMs, match.atMs);
          seen.stake = Math.max(seen.stake, match.stake);
        }
        changed.add(match.subject.key);
      }
    }
    const raises: OpposingRaise[] = [];
    for (const key of changed) raises.push(...this.evaluate(this.subjects.get(key) as SubjectState));
    this.expire();
    return raises;
  }

  /**
   * The matched rounds of a subject with time in (fromMs, toMs], oldest first, each with the bets of the
   * subject's members in the round (the evidence an alert stores, while the round is still held).
   */
  evidence(
    subjectKey: string,
    fromMs: number,
    toMs: number,
  ): { roundKey: string; atMs: number; bets: OpposingBet[] }[] {
    const state = this.subjects.get(subjectKey);
    if (!state) return [];
    const members = new Set([...state.subject.members, ...state.accounts]);
    const out: { roundKey: string; atMs: number; bets: OpposingBet[] }[] = [];
    for (const [roundKey, entry] of state.rounds) {
      if (entry.atMs <= fromMs || entry.atMs > toMs) continue;
      const bets = (this.rounds.get(roundKey)?.bets ?? []).filter((b) => members.has(b.memberId));
      out.push({ roundKey, atMs: entry.atMs, bets });
    }
    return out.sort((a, b) => a.atMs - b.atMs || (a.roundKey < b.roundKey ? -1 : 1));
  }

  stats(): OpposingDetectorStats {
    let bets = 0;
    for (const r of this.rounds.values()) bets += r.bets.length;
    let subjectRounds = 0;
    for (const s of this.subjects.values()) subjectRounds += s.rounds.size;
    return { rounds: this.rounds.size, bets, subjects: this.subjects.size, subjectRounds };
  }

  /** Every matched round of the subject whose level rose: the window (at − windowMs, at] ending there. */
  private evaluate(state: SubjectState): OpposingRaise[] {
    const list = [...state.rounds.entries()].sort((a, b) => a[1].atMs - b[1].atMs || (a[0] < b[0] ? -1 : 1));
    const raises: OpposingRaise[] = [];
    let lo = 0;
    let stakeSum = 0;
    for (let hi = 0; hi < list.length; hi++) {
      const [roundKey, entry] = list[hi] as [string, SubjectRound];
      stakeSum += entry.stake;
      while ((list[lo] as [string, SubjectRound])[1].atMs <= entry.atMs - this.rule.windowMs) {
        stakeSum -= (list[lo] as [string, SubjectRound])[1].stake;
        lo++;
      }
      // Rounds at the same time as this one are in its window too.
      let end = hi;
      let sum = stakeSum;
      while (end + 1 < list.length && (list[end + 1] as [string, SubjectRound])[1].atMs === entry.atMs) {
        end++;
        sum += (list[end] as [string, SubjectRound])[1].stake;
      }
      const count = end - lo + 1;
      const level = levelFor(this.rule.levels, count, sum);
      if (level !== 0 && level > entry.raised) {
        entry.raised = level;
        const subject =
          state.subject.kind === 'ring'
            ? { ...state.subject, members: [state.subject.members[0] as string, ...[...state.accounts].sort()] }
            : state.subject;
        raises.push({
          eventId: this.rule.eventId,
          subject,
          level,
          roundKey,
          atMs: entry.atMs,
          windowStartMs: entry.atMs - this.rule.windowMs,
          rounds: count,
          matchedStake: sum,
        });
      }
    }
    return raises;
  }

  private expire(): void {
    const watermark = this.watermark;
    if (watermark - this.lastExpiry < Math.max(1, this.rule.windowMs / 16)) return;
    this.lastExpiry = watermark;
    for (const [key, round] of this.rounds) if (round.newestMs < watermark) this.rounds.delete(key);
    const keepAfter = watermark - this.rule.windowMs;
    for (const [key, state] of this.subjects) {
      for (const [roundKey, entry] of state.rounds) if (entry.atMs <= keepAfter) state.rounds.delete(roundKey);
      if (state.rounds.size === 0) this.subjects.delete(key);
    }
  }
}
