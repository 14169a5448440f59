import type { AlertRule, AlertType } from '@pitboss/contract';
import { windowStart } from './windows';

/** A rule as the engine runs it. */
export interface CompiledRule {
  id: number;
  type: AlertType;
  levels: AlertRule['Levels'];
  /** Changes whenever the window or the levels change; stored in snapshots. */
  signature: string;
  windowStart(time: number): number;
  /** The window's length when it is a fixed duration (min to week), else 0 (calendar months). */
  fixedMs: number;
  /** Scratch of `Engine.process`: the newest accepted event time of the batch so far. */
  newestInBatch: number;
}

export function compileRule(rule: AlertRule): CompiledRule {
  const { EventID, EventType, TimeUnit, LoopValue, Levels } = rule;
  return {
    id: EventID,
    type: EventType,
    levels: Levels,
    signature: JSON.stringify([EventType, TimeUnit, LoopValue, Levels]),
    windowStart: (time) => windowStart(time, TimeUnit, LoopValue),
    newestInBatch: Number.NEGATIVE_INFINITY,
    fixedMs:
      TimeUnit === 'month' || TimeUnit === 'quarter' || TimeUnit === 'year'
        ? 0
        : 0 - windowStart(0, TimeUnit, LoopValue),
  };
}
