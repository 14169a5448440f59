import { AlertRule } from '@pitboss/contract/schemas';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from './default-rules';
import { Engine } from './engine';
import { bet, bonus, login, purchase, register, transfer } from './testing/events';
import type { EngineEvent } from './types';

const run = (events: EngineEvent[]) => new Engine({ rules: DEFAULT_RULES }).process(events).alerts;
const levels = (events: EngineEvent[]) => run(events).map((a) => [a.eventType, a.subject.kind, a.subject.id, a.level]);

describe('default rules', () => {
  it('are valid rules with EventIDs 1 to 7, one per alert type', () => {
    expect(DEFAULT_RULES.map((r) => AlertRule.parse(r).EventType)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('1 high ratio: payout ÷ stake over the day, from the 30th bet', () => {
    const bets = Array.from({ length: 30 }, (_, i) => bet('m1', i, 10, i % 2 === 0 ? 60 : 0)); // ratio 3
    expect(levels(bets.slice(0, 29))).toEqual([]);
    const [alert] = run(bets);
    expect(alert).toMatchObject({
      eventType: 1,
      level: 2,
      value: 3,
      threshold: 2.5,
      op: '>',
      minSample: 30,
      sample: 30,
    });
    expect(alert?.eventCount).toBe(30);
  });

  it('1 high ratio: exactly 1.5 is not above 1.5', () => {
    const bets = Array.from({ length: 30 }, (_, i) => bet('m1', i, 10, i % 2 === 0 ? 30 : 0)); // ratio 1.5
    expect(levels(bets)).toEqual([]);
  });

  it('2 high win streak: 12, 16 and 20 wins in a row; a tie breaks the streak', () => {
    const wins = (from: number, n: number) => Array.from({ length: n }, (_, i) => bet('m1', from + i, 10, 20));
    expect(levels([...wins(0, 11), bet('m1', 11, 10, 10), ...wins(12, 11)])).toEqual([]);
    const streak = wins(0, 20);
    const alerts = run(streak);
    expect(alerts.map((a) => [a.level, a.value])).toEqual([
      [1, 12],
      [2, 16],
      [3, 20],
    ]);
    expect(alerts[0]?.eventIds).toEqual(streak.slice(0, 12).map((e) => e.id));
  });

  it('3 IP login: distinct members with a successful login from one IP within an hour', () => {
    const logins = ['m1', 'm2', 'm3', 'm4'].map((m, i) => login(m, i, '203.0.113.7'));
    expect(levels([...logins, login('m1', 5, '203.0.113.7'), login('m5', 6, '203.0.113.7', false)])).toEqual([]);
    expect(levels([...logins, login('m5', 59, '203.0.113.7')])).toEqual([[3, 'ip', '203.0.113.7', 1]]);
    expect(levels([...logins, login('m5', 60, '203.0.113.7')])).toEqual([]); // m1's login left the hour
  });

  it('3 IP login: one IPv6 address however it is written', () => {
    const spellings = ['2001:db8::7', '2001:DB8:0:0:0:0:0:7', '2001:0db8::0007', '2001:db8:0::7', '2001:db8::0:7'];
    const alerts = run(spellings.map((ip, i) => login(`m${i}`, i, ip)));
    expect(alerts.map((a) => a.subject)).toEqual([{ kind: 'ip', id: '2001:db8::7' }]);
  });

  it('4 register login: accounts registered from one IP, and from one device', () => {
    const registrations = Array.from({ length: 5 }, (_, i) => register(`m${i}`, i * 60, `198.51.100.${i}`, 'phone-1'));
    expect(levels(registrations)).toEqual([[4, 'device', 'phone-1', 1]]);
    const sameIp = Array.from({ length: 10 }, (_, i) => register(`n${i}`, i * 60, '198.51.100.9'));
    expect(levels(sameIp)).toEqual([
      [4, 'ip', '198.51.100.9', 1],
      [4, 'ip', '198.51.100.9', 2],
    ]);
  });

  it('5 store: top-ups in base currency over the day; a top-up without a rate counts in no total', () => {
    expect(levels([purchase('m1', 0, 6_000), purchase('m1', 10, null), purchase('m1', 20, 3_999.99)])).toEqual([]);
    const alerts = run([purchase('m1', 0, 6_000), purchase('m1', 20, 4_000)]);
    expect(alerts).toMatchObject([{ eventType: 5, level: 1, value: 10_000, threshold: 10_000, op: '>=', sample: 2 }]);
  });

  it('6 trade: transfers in and out add up', () => {
    expect(levels([transfer('m1', 0, 15_000), transfer('m1', 1, 5_000)])).toEqual([[6, 'member', 'm1', 1]]);
  });

  it('7 event: bonus points, deductions included', () => {
    expect(levels([bonus('m1', 0, 4_000), bonus('m1', 1, -500), bonus('m1', 2, 1_000)])).toEqual([]);
    expect(levels([bonus('m1', 0, 4_000), bonus('m1', 2, 1_000)])).toEqual([[7, 'member', 'm1', 1]]);
  });
});
