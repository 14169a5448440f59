import type { OpposingBet, OpposingLevel, OpposingRule, OpposingSubject, RoundMatch } from './types';

/** The key of a game round: unambiguous whatever the ids hold (`<length of gameId>:<gameId>|<roundId>`). */
export function roundKeyOf(gameId: string, roundId: string): string {
  return `${gameId.length}:${gameId}|${roundId}`;
}

export function pairSubject(a: string, b: string): OpposingSubject {
  const [x, y] = a < b ? [a, b] : [b, a];
  return { kind: 'pair', key: `pair:${x}|${y}`, members: [x, y] };
}

export function ringSubject(hub: string, accounts: Iterable<string>): OpposingSubject {
  return { kind: 'ring', key: `ring:${hub}`, members: [hub, ...[...new Set(accounts)].sort()] };
}

/** The side a rule pairs `side` with, per pair; sides compare lower-cased. */
export function oppositeSides(rule: OpposingRule): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const add = (a: string, b: string) => {
    const set = map.get(a) ?? new Set<string>();
    set.add(b);
    map.set(a, set);
  };
  for (const [a, b] of rule.sidePairs) {
    add(a.toLowerCase(), b.toLowerCase());
    add(b.toLowerCase(), a.toLowerCase());
  }
  return map;
}

/** Whether the rule looks at a bet at all: a paired side, the minimum stake, an included game type. */
export function eligible(rule: OpposingRule, opposite: Map<string, Set<string>>, bet: OpposingBet): boolean {
  if (!opposite.has(bet.side.toLowerCase())) return false;
  if (!(bet.stake >= rule.minStake) || bet.stake <= 0) return false;
  if (rule.gameTypes.length > 0 && (bet.gameType === undefined || !rule.gameTypes.includes(bet.gameType))) return false;
  return true;
}

/** Two stakes (or a stake and a sum) match when they differ by at most `tolerancePct` of the larger. */
export function within(a: number, b: number, tolerancePct: number): boolean {
  return Math.abs(a - b) <= (Math.max(a, b) * tolerancePct) / 100 + 1e-9;
}

/**
 * Every match in one round (its eligible bets): pairs (a bet against an opposite bet of another member
 * with a stake within the tolerance) and rings (a bet against 2 or 3 opposite bets of distinct other
 * members whose stakes sum within the tolerance). Monotone: more bets only add matches, a match's stake
 * only grows and its time only falls, so merging a round's results with `mergeMatch` gives the same
 * whatever the order the bets arrived in.
 */
export function matchRound(rule: OpposingRule, opposite: Map<string, Set<string>>, bets: readonly OpposingBet[]) {
  const out = new Map<string, RoundMatch & { accounts: Set<string> }>();
  if (bets.length < 2) return out;
  const { gameId, roundId } = bets[0] as OpposingBet;
  const roundKey = roundKeyOf(gameId, roundId);
  const bySide = new Map<string, OpposingBet[]>();
  for (const bet of bets) {
    const side = bet.side.toLowerCase();
    const list = bySide.get(side) ?? [];
    list.push(bet);
    bySide.set(side, list);
  }
  const note = (subject: OpposingSubject, atMs: number, stake: number, accounts: readonly string[]) => {
    const seen = out.get(subject.key);
    if (!seen) {
      out.set(subject.key, { subject, roundKey, gameId, roundId, atMs, stake, accounts: new Set(accounts) });
      return;
    }
    seen.atMs = Math.min(seen.atMs, atMs);
    seen.stake = Math.max(seen.stake, stake);
    for (const a of accounts) seen.accounts.add(a);
  };
  const tol = rule.tolerancePct;
  for (const [side, mine] of bySide) {
    const others: OpposingBet[] = [];
    for (const o of opposite.get(side) ?? []) others.push(...(bySide.get(o) ?? []));
    if (others.length === 0) continue;
    others.sort((a, b) => a.stake - b.stake);
    for (const h of mine) {
      // Pairs (each unordered pair is found from both sides; `note` merges them).
      for (const o of others) {
        if (o.memberId !== h.memberId && within(h.stake, o.stake, tol)) {
          note(pairSubject(h.memberId, o.memberId), Math.max(h.atMs, o.atMs), Math.min(h.stake, o.stake), []);
        }
      }
      // Rings: h against 2 or 3 bets of distinct other members summing to h's stake within the tolerance.
      const low = h.stake * (1 - tol / 100);
      const high = h.stake / Math.max(1 - tol / 100, 1e-9);
      const cands = others.filter((o) => o.memberId !== h.memberId && o.stake < high);
      const n = cands.length;
      for (let i = 0; i < n; i++) {
        const a = cands[i] as OpposingBet;
        for (let j = i + 1; j < n; j++) {
          const b = cands[j] as OpposingBet;
          if (b.memberId === a.memberId) continue;
          const ab = a.stake + b.stake;
          if (ab > high) break;
          if (within(h.stake, ab, tol) && ab >= low) {
            note(ringSubject(h.memberId, []), Math.max(h.atMs, a.atMs, b.atMs), h.stake, [a.memberId, b.memberId]);
          }
          for (let k = j + 1; k < n; k++) {
            const c = cands[k] as OpposingBet;
            const abc = ab + c.stake;
            if (abc > high) break;
            if (c.memberId === a.memberId || c.memberId === b.memberId) continue;
            if (within(h.stake, abc, tol)) {
              note(ringSubject(h.memberId, []), Math.max(h.atMs, a.atMs, b.atMs, c.atMs), h.stake, [
                a.memberId,
                b.memberId,
                c.memberId,
              ]);
            }
          }
        }
      }
    }
  }
  return out;
}

/** The highest level whose conditions hold for `rounds` matched rounds and `stake` matched stake; 0 if none. */
export function levelFor(levels: readonly OpposingLevel[], rounds: number, stake: number): 0 | 1 | 2 | 3 {
  let best: 0 | 1 | 2 | 3 = 0;
  for (const l of levels) {
    const byRounds = l.rounds > 0 ? rounds >= l.rounds : null;
    const byStake = l.matchedStake > 0 ? stake >= l.matchedStake - 1e-9 : null;
    const conditions = [byRounds, byStake].filter((c): c is boolean => c !== null);
    if (conditions.length === 0) continue;
    const holds = l.op === 'and' ? conditions.every(Boolean) : conditions.some(Boolean);
    if (holds && l.level > best) best = l.level;
  }
  return best;
}
