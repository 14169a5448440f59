import type { OpposingBet, OpposingRule } from '../opposing-bets/types';

/**
 * The slow oracle of the opposing-bet detector: from the whole set of bets at once, by brute force over
 * every pair and every set of 2 or 3 opposite bets, the highest level at every matched round of every
 * subject, keyed `<subject>|<round key>` — raised only where the matched rounds of the window are at
 * least `minSharePct` of the rounds the subject shared (both members of a pair bet in the round, or a
 * ring's hub did) in the window, from `shareLookbackMs` before its first matched round to this one.
 */
export function oracleLevels(rule: OpposingRule, all: readonly OpposingBet[]): Map<string, number> {
  const byId = new Map(all.map((b) => [b.id, b]));
  const pairs = rule.sidePairs.map(([a, b]) => [a.toLowerCase(), b.toLowerCase()] as const);
  const isOpposite = (x: string, y: string) =>
    pairs.some(
      ([a, b]) => (a === x.toLowerCase() && b === y.toLowerCase()) || (b === x.toLowerCase() && a === y.toLowerCase()),
    );
  const bets = [...byId.values()].filter(
    (b) =>
      pairs.some(([x, y]) => x === b.side.toLowerCase() || y === b.side.toLowerCase()) &&
      b.stake >= rule.minStake &&
      b.stake > 0 &&
      (rule.gameTypes.length === 0 || (b.gameType !== undefined && rule.gameTypes.includes(b.gameType))),
  );
  const close = (a: number, b: number) => Math.abs(a - b) <= (Math.max(a, b) * rule.tolerancePct) / 100 + 1e-9;
  const rounds = new Map<string, OpposingBet[]>();
  for (const b of bets) {
    const key = `${b.gameId.length}:${b.gameId}|${b.roundId}`;
    rounds.set(key, [...(rounds.get(key) ?? []), b]);
  }
  // subject → round → {at, stake}
  const matched = new Map<string, Map<string, { at: number; stake: number }>>();
  const note = (subject: string, round: string, at: number, stake: number) => {
    const m = matched.get(subject) ?? new Map<string, { at: number; stake: number }>();
    const seen = m.get(round);
    m.set(round, seen ? { at: Math.min(seen.at, at), stake: Math.max(seen.stake, stake) } : { at, stake });
    matched.set(subject, m);
  };
  for (const [round, list] of rounds) {
    for (const h of list) {
      const others = list.filter((o) => o.memberId !== h.memberId && isOpposite(h.side, o.side));
      for (const o of others) {
        if (close(h.stake, o.stake)) {
          const [x, y] = [h.memberId, o.memberId].sort();
          note(`pair:${x}|${y}`, round, Math.max(h.atMs, o.atMs), Math.min(h.stake, o.stake));
        }
      }
      for (let i = 0; i < others.length; i++) {
        for (let j = i + 1; j < others.length; j++) {
          const a = others[i] as OpposingBet;
          const b = others[j] as OpposingBet;
          if (a.memberId === b.memberId) continue;
          if (close(h.stake, a.stake + b.stake))
            note(`ring:${h.memberId}`, round, Math.max(h.atMs, a.atMs, b.atMs), h.stake);
          for (let k = j + 1; k < others.length; k++) {
            const c = others[k] as OpposingBet;
            if (c.memberId === a.memberId || c.memberId === b.memberId) continue;
            if (close(h.stake, a.stake + b.stake + c.stake)) {
              note(`ring:${h.memberId}`, round, Math.max(h.atMs, a.atMs, b.atMs, c.atMs), h.stake);
            }
          }
        }
      }
    }
  }
  // When each round was played (its newest eligible bet), and who bet in it.
  const roundAt = new Map<string, number>();
  const players = new Map<string, Set<string>>();
  for (const [round, list] of rounds) {
    roundAt.set(round, Math.max(...list.map((b) => b.atMs)));
    players.set(round, new Set(list.map((b) => b.memberId)));
  }
  /** Rounds the subject shared: both members of a pair bet in them, or a ring's hub did. */
  const shares = (subject: string, round: string): boolean => {
    const who = players.get(round) as Set<string>;
    if (subject.startsWith('ring:')) return who.has(subject.slice('ring:'.length));
    const [x, y] = subject.slice('pair:'.length).split('|') as [string, string];
    return who.has(x) && who.has(y);
  };
  const out = new Map<string, number>();
  for (const [subject, m] of matched) {
    for (const [round, { at }] of m) {
      let count = 0;
      let stake = 0;
      let first = Number.POSITIVE_INFINITY;
      for (const other of m.values()) {
        if (other.at > at - rule.windowMs && other.at <= at) {
          count++;
          stake += other.stake;
          first = Math.min(first, other.at);
        }
      }
      let unmatched = 0;
      for (const [r, t] of roundAt) {
        if (t >= first - rule.shareLookbackMs && t > at - rule.windowMs && t <= at && !m.has(r) && shares(subject, r)) {
          unmatched++;
        }
      }
      if ((count * 100) / (count + unmatched) < rule.minSharePct - 1e-9) continue;
      let level = 0;
      for (const l of rule.levels) {
        const conditions: boolean[] = [];
        if (l.rounds > 0) conditions.push(count >= l.rounds);
        if (l.matchedStake > 0) conditions.push(stake >= l.matchedStake - 1e-9);
        if (conditions.length === 0) continue;
        const holds = l.op === 'and' ? conditions.every(Boolean) : conditions.some(Boolean);
        if (holds) level = Math.max(level, l.level);
      }
      if (level > 0) out.set(`${subject}|${round}`, level);
    }
  }
  return out;
}
