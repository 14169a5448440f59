import type { AlertRule, AlertRuleLevel, ComparisonOperator } from '@pitboss/contract';

const levels = (op: ComparisonOperator, minSample: number, values: [number, number, number]): AlertRuleLevel[] =>
  values.map((value, i) => ({ Level: (i + 1) as 1 | 2 | 3, Op: op, Value: value, MinSample: minSample }));

/** The player alert rules every new company gets (shared with the simulator's planted anomalies). */
export const DEFAULT_RULES: readonly AlertRule[] = [
  {
    EventID: 1,
    EventName: 'High ratio',
    EventType: 1,
    TimeUnit: 'day',
    LoopValue: 1,
    Enabled: true,
    Levels: levels('>', 30, [1.5, 2.5, 4]),
  },
  {
    EventID: 2,
    EventName: 'High win streak',
    EventType: 2,
    TimeUnit: 'day',
    LoopValue: 1,
    Enabled: true,
    Levels: levels('>=', 1, [12, 16, 20]),
  },
  {
    EventID: 3,
    EventName: 'IP login',
    EventType: 3,
    TimeUnit: 'hour',
    LoopValue: 1,
    Enabled: true,
    Levels: levels('>=', 1, [5, 10, 20]),
  },
  {
    EventID: 4,
    EventName: 'Register login',
    EventType: 4,
    TimeUnit: 'day',
    LoopValue: 1,
    Enabled: true,
    Levels: levels('>=', 1, [5, 10, 20]),
  },
  {
    EventID: 5,
    EventName: 'Store',
    EventType: 5,
    TimeUnit: 'day',
    LoopValue: 1,
    Enabled: true,
    Levels: levels('>=', 1, [10_000, 50_000, 200_000]),
  },
  {
    EventID: 6,
    EventName: 'Trade',
    EventType: 6,
    TimeUnit: 'day',
    LoopValue: 1,
    Enabled: true,
    Levels: levels('>=', 1, [20_000, 100_000, 500_000]),
  },
  {
    EventID: 7,
    EventName: 'Event',
    EventType: 7,
    TimeUnit: 'day',
    LoopValue: 1,
    Enabled: true,
    Levels: levels('>=', 1, [5_000, 20_000, 100_000]),
  },
];
