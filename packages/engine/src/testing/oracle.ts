/**
 * The slow, obviously-correct reference the engine is tested against: for every position it recomputes
 * the window, the measure, the level and the decision from scratch over all the events it was given.
 * It shares only `windowStart` (tested on its own) and `canonicalIp` with the engine.
 */
import { type AlertRule, canonicalIp } from '@pitboss/contract';
import type { Alert, EngineEvent, Exemptions, Subject } from '../types';
import { windowStart } from '../windows';

interface Item {
  t: number;
  id: string;
  stake: number;
  payout: number;
  amount: number;
  member: string;
}

export interface OracleOptions {
  exemptions: Exemptions;
  evidenceCap: number;
  subjectLatenessMs: number;
  ruleLatenessMs: number;
}

/** What each rule counts, per subject: written out again rather than shared with the engine. */
function itemsOf(rule: AlertRule, e: EngineEvent): { subject: Subject; item: Item }[] {
  const item = (member = ''): Item => ({ t: e.time, id: e.id, stake: 0, payout: 0, amount: 0, member });
  const member = { kind: 'member' as const, id: e.memberId };
  switch (rule.EventType) {
    case 1:
    case 2:
      return e.type === 'bet' ? [{ subject: member, item: { ...item(), stake: e.stake, payout: e.payout } }] : [];
    case 3:
      return e.type === 'login' && e.success
        ? [{ subject: { kind: 'ip', id: canonicalIp(e.ip) }, item: item(e.memberId) }]
        : [];
    case 4: {
      if (e.type !== 'register') return [];
      const ip = { subject: { kind: 'ip' as const, id: canonicalIp(e.ip) }, item: item(e.memberId) };
      return e.device === undefined
        ? [ip]
        : [ip, { subject: { kind: 'device', id: e.device }, item: item(e.memberId) }];
    }
    case 5:
      return e.type === 'purchase' && e.baseAmount !== null
        ? [{ subject: member, item: { ...item(), amount: e.baseAmount } }]
        : [];
    case 6:
      return e.type === 'transfer' && e.baseAmount !== null
        ? [{ subject: member, item: { ...item(), amount: e.baseAmount } }]
        : [];
    case 7:
      return e.type === 'bonus' ? [{ subject: member, item: { ...item(), amount: e.points } }] : [];
  }
}

/**
 * The exact sum as a BigInt: each double is mantissa × 2^exponent, all are brought to the smallest
 * exponent, added, and the total is rounded once to the nearest double (BigInt → Number rounds
 * correctly). Meant for amounts from about 1e-12 to 1e15, where the scaled total stays finite.
 */
export function slowExactSum(values: number[]): number {
  const parts = values.filter((v) => v !== 0).map(decompose);
  if (parts.length === 0) return 0;
  const low = Math.min(...parts.map((p) => p.exponent));
  const total = parts.reduce((sum, p) => sum + (p.mantissa << BigInt(p.exponent - low)), 0n);
  return Number(total) * 2 ** low + 0;
}

function decompose(value: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  return { mantissa: value < 0 ? -mantissa : mantissa, exponent: (biased === 0 ? 1 : biased) - 1075 };
}

function measure(type: AlertRule['EventType'], window: Item[]): number | null {
  switch (type) {
    case 1: {
      const stake = slowExactSum(window.map((i) => i.stake));
      return stake > 0 ? slowExactSum(window.map((i) => i.payout)) / stake : null;
    }
    case 2: {
      let streak = 0;
      for (let i = window.length - 1; i >= 0 && (window[i] as Item).payout > (window[i] as Item).stake; i--) streak++;
      return streak;
    }
    case 3:
    case 4:
      return new Set(window.map((i) => i.member)).size;
    default:
      return slowExactSum(window.map((i) => i.amount));
  }
}

function evidence(type: AlertRule['EventType'], window: Item[], value: number, cap: number) {
  let behind = window;
  if (type === 2) behind = window.slice(window.length - value);
  if (type === 3 || type === 4)
    behind = window.filter((item, i) => !window.slice(i + 1).some((later) => later.member === item.member));
  return { eventIds: behind.slice(-cap).map((i) => i.id), eventCount: behind.length };
}

function compare(op: string, value: number, threshold: number): boolean {
  return (
    op === 'any' ||
    (op === '>' && value > threshold) ||
    (op === '<' && value < threshold) ||
    (op === '>=' && value >= threshold) ||
    (op === '<=' && value <= threshold)
  );
}

/** Every alert over all the given items of one rule and subject. */
function alertsOf(rule: AlertRule, subject: Subject, all: Item[], options: OracleOptions): Alert[] {
  const items = [...all].sort((a, b) => a.t - b.t || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const unique = items.filter((item, i) => i === 0 || item.t !== items[i - 1]?.t || item.id !== items[i - 1]?.id);
  const windowOf = (i: number) => {
    const p = unique[i] as Item;
    const start = windowStart(p.t, rule.TimeUnit, rule.LoopValue);
    return unique.slice(0, i + 1).filter((q) => q.t > start);
  };
  const levelAt = unique.map((_, i) => {
    const window = windowOf(i);
    const value = measure(rule.EventType, window);
    const holding = rule.Levels.filter(
      (l) => value !== null && window.length >= l.MinSample && compare(l.Op, value, l.Value),
    );
    return Math.max(0, ...holding.map((l) => l.Level));
  });
  const exempt =
    (subject.kind === 'member' && options.exemptions.isMemberExempt(subject.id)) ||
    (subject.kind === 'ip' && options.exemptions.isIpExempt(subject.id));
  const alerts: Alert[] = [];
  unique.forEach((p, i) => {
    const window = windowOf(i);
    const earlier = Math.max(0, ...window.slice(0, -1).map((q) => levelAt[unique.indexOf(q)] as number));
    const level = levelAt[i] as number;
    const raised = rule.Levels.find((l) => l.Level === level);
    if (level <= earlier || exempt || !raised) return;
    const value = measure(rule.EventType, window) as number;
    const at = new Date(p.t).toISOString();
    alerts.push({
      ruleId: rule.EventID,
      eventType: rule.EventType,
      level: raised.Level,
      subject,
      value,
      threshold: raised.Op === 'any' ? null : raised.Value,
      op: raised.Op,
      minSample: raised.MinSample,
      sample: window.length,
      windowStart: new Date(windowStart(p.t, rule.TimeUnit, rule.LoopValue)).toISOString(),
      windowEnd: at,
      at,
      eventId: p.id,
      ...evidence(rule.EventType, window, value, options.evidenceCap),
    });
  });
  return alerts;
}

export function alertKey(a: Alert): string {
  return JSON.stringify([a.ruleId, a.subject.kind, a.subject.id, a.eventId, a.level]);
}

/**
 * The alerts of a sequence of batches: an event counts for a rule and subject only if it is newer than
 * the subject's newest earlier event minus the subject lateness and the rule's newest earlier event minus
 * the rule lateness; after each batch, every alert of all counted events so far that was not raised
 * before is raised (so alerts are never retracted).
 */
export function oracleAlerts(rules: readonly AlertRule[], batches: EngineEvent[][], options: OracleOptions): Alert[] {
  const counted = new Map<string, { rule: AlertRule; subject: Subject; items: Item[] }>();
  const raised = new Map<string, Alert>();
  for (const batch of batches) {
    const accepted: { key: string; rule: AlertRule; subject: Subject; item: Item }[] = [];
    for (const rule of rules.filter((r) => r.Enabled)) {
      const ruleNewest = Math.max(
        ...[...counted.values()].filter((c) => c.rule === rule).flatMap((c) => c.items.map((i) => i.t)),
      );
      for (const event of batch) {
        for (const { subject, item } of itemsOf(rule, event)) {
          const key = JSON.stringify([rule.EventID, subject.kind, subject.id]);
          const subjectNewest = Math.max(...(counted.get(key)?.items.map((i) => i.t) ?? []));
          if (item.t > Math.max(subjectNewest - options.subjectLatenessMs, ruleNewest - options.ruleLatenessMs)) {
            accepted.push({ key, rule, subject, item });
          }
        }
      }
    }
    for (const { key, rule, subject, item } of accepted) {
      const entry = counted.get(key) ?? { rule, subject, items: [] };
      entry.items.push(item);
      counted.set(key, entry);
    }
    for (const { rule, subject, items } of counted.values()) {
      for (const alert of alertsOf(rule, subject, items, options)) {
        if (!raised.has(alertKey(alert))) raised.set(alertKey(alert), alert);
      }
    }
  }
  return [...raised.values()];
}
