/**
 * Opposing-bet detection quality (issue 18, item 7) on a bigger stream than the test's: busy tables where
 * honest players often stand on opposite sides with equal round stakes, planted pairs and rings with
 * noisy stakes and gaps (`createLaunderingStream`), the engine's detector at the default setting fed in
 * batches of 500. Scores recall, precision and "alerted by the third planted round", and says how many
 * false pair alerts had bet the same side of a round as each other in the window before the alert (a
 * signal a launderer pair never shows).
 *
 * Run: `npx tsx bench/laundering-quality.ts [hours=24] [tables=12] [pairs=40] [rings=20] [seed=3]`
 */
import os from 'node:os';
import {
  DEFAULT_LAUNDERING_SETTING,
  type OpposingBet,
  OpposingBetDetector,
  type OpposingRaise,
  opposingRuleOf,
} from '@pitboss/engine';
import { createLaunderingStream, type ScoredOpposingAlert, scoreLaunderingAlerts } from '@pitboss/simulator';

const [hours = 24, tables = 12, pairs = 40, rings = 20, seed = 3] = process.argv.slice(2).map(Number);
const machine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const t0 = performance.now();
const stream = createLaunderingStream({ seed, start: new Date('2026-11-20T00:00:00Z'), hours, tables, pairs, rings });
const t1 = performance.now();
const rule = opposingRuleOf(8, DEFAULT_LAUNDERING_SETTING);
const detector = new OpposingBetDetector(rule);
const alerts = new Map<string, ScoredOpposingAlert>();
function note(raises: OpposingRaise[]) {
  for (const raise of raises) {
    if (alerts.has(raise.subject.key)) continue;
    const members =
      raise.subject.kind === 'ring'
        ? [raise.subject.members[0] as string, ...detector.accountsOf(raise.subject.key)]
        : raise.subject.members;
    alerts.set(raise.subject.key, { kind: raise.subject.kind, members, atMs: raise.atMs });
  }
}
for (let i = 0; i < stream.bets.length; i += 500) {
  const bets: OpposingBet[] = stream.bets.slice(i, i + 500).map((b) => ({
    id: b.id,
    memberId: b.memberId,
    gameId: b.gameId,
    roundId: b.roundId,
    side: b.side ?? '',
    stake: b.stake,
    payout: b.payout,
    atMs: Date.parse(b.at),
    gameType: b.gameType,
  }));
  note(detector.push(bets));
}
note(detector.flush());
const t2 = performance.now();
const q = scoreLaunderingAlerts(stream.truth, [...alerts.values()]);

// Same-side rounds before each pair alert, in the window: a planted pair never shares a side.
const sides = new Map<string, Map<string, Set<string>>>(); // member → round → sides
const roundAt = new Map<string, number>();
for (const b of stream.bets) {
  const round = `${b.gameId}|${b.roundId}`;
  roundAt.set(round, Date.parse(b.at));
  const mine = sides.get(b.memberId) ?? new Map<string, Set<string>>();
  mine.set(round, (mine.get(round) ?? new Set()).add(b.side ?? ''));
  sides.set(b.memberId, mine);
}
const sharedSide = (a: string, b: string, atMs: number) => {
  const ra = sides.get(a);
  const rb = sides.get(b);
  if (!ra || !rb) return false;
  for (const [round, s] of ra) {
    const at = roundAt.get(round) as number;
    if (at > atMs || at <= atMs - rule.windowMs) continue;
    const t = rb.get(round);
    if (t && [...s].some((side) => side !== 'tie' && side !== 'triple' && t.has(side))) return true;
  }
  return false;
};
// Exclusivity: the share of a member's rounds in the window (up to the alert) that the group played together.
const roundsOf = (m: string, atMs: number) =>
  [...(sides.get(m)?.keys() ?? [])].filter((r) => {
    const at = roundAt.get(r) as number;
    return at <= atMs && at > atMs - rule.windowMs;
  });
const exclusivity = (a: ScoredOpposingAlert) => {
  const [first, ...others] = a.members as [string, ...string[]];
  const mine = roundsOf(first, a.atMs);
  const together = mine.filter((r) => others.some((o) => sides.get(o)?.has(r))).length;
  const shares = [together / Math.max(1, mine.length)];
  if (a.kind === 'pair') {
    const theirs = roundsOf(others[0] as string, a.atMs);
    shares.push(theirs.filter((r) => sides.get(first)?.has(r)).length / Math.max(1, theirs.length));
  }
  return Math.min(...shares);
};
const planted = new Set(stream.truth.flatMap((p) => p.memberIds));
const isTrue = (a: ScoredOpposingAlert) =>
  a.kind === 'ring' ? stream.truth.some((p) => p.hub === a.members[0]) : a.members.every((m) => planted.has(m));
const kept = [...alerts.values()].filter(
  (a) =>
    exclusivity(a) >= 0.5 && (a.kind === 'ring' || !sharedSide(a.members[0] as string, a.members[1] as string, a.atMs)),
);
const keptTrue = kept.filter(isTrue).length;
const pairAlerts = [...alerts.values()].filter((a) => a.kind === 'pair');
const falsePairs = pairAlerts.filter((a) => !a.members.every((m) => planted.has(m)));
const truePairs = pairAlerts.filter((a) => a.members.every((m) => planted.has(m)));
const falseShared = falsePairs.filter((a) => sharedSide(a.members[0] as string, a.members[1] as string, a.atMs)).length;
const trueShared = truePairs.filter((a) => sharedSide(a.members[0] as string, a.members[1] as string, a.atMs)).length;

console.log(
  JSON.stringify(
    {
      machine: machine(),
      options: { hours, tables, pairs, rings, seed },
      bets: stream.bets.length,
      rounds: stream.rounds,
      honestOpposedShare: +(stream.honestOpposedRounds / stream.rounds).toFixed(3),
      generateSeconds: +((t1 - t0) / 1000).toFixed(1),
      detectSeconds: +((t2 - t1) / 1000).toFixed(1),
      planted: q.planted,
      found: q.found,
      byThirdRound: q.byThirdRound,
      recall: +q.recall.toFixed(4),
      alerts: q.alerts,
      pairAlerts: pairAlerts.length,
      ringAlerts: q.alerts - pairAlerts.length,
      truePositives: q.truePositives,
      precision: +q.precision.toFixed(4),
      falsePairAlertsThatSharedASide: `${falseShared} of ${falsePairs.length}`,
      truePairAlertsThatSharedASide: `${trueShared} of ${truePairs.length}`,
      withFilter: {
        rule: 'no shared side (pairs) and ≥ 50 % of each member’s rounds in the window together',
        alerts: kept.length,
        truePositives: keptTrue,
        precision: +(keptTrue / Math.max(1, kept.length)).toFixed(4),
        recall: +(new Set(kept.filter(isTrue).map((a) => a.members[0])).size / q.planted).toFixed(4),
      },
      missed: q.missed,
      late: q.late,
    },
    null,
    2,
  ),
);
