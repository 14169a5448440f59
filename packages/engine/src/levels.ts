import type { AlertRuleLevel, ComparisonOperator } from '@pitboss/contract';

export function holds(op: ComparisonOperator, value: number, threshold: number): boolean {
  switch (op) {
    case 'any':
      return true;
    case '>':
      return value > threshold;
    case '<':
      return value < threshold;
    case '>=':
      return value >= threshold;
    case '<=':
      return value <= threshold;
  }
}

/**
 * The highest level whose condition holds (0 when none): the window holds at least `MinSample` events
 * and the value compares with `Value` as `Op` says. A value that cannot be measured (a ratio over no
 * stake) holds no level, not even `any`.
 */
export function levelOf(levels: readonly AlertRuleLevel[], value: number | null, sample: number): number {
  if (value === null) return 0;
  let best = 0;
  for (const level of levels) {
    if (level.Level > best && sample >= level.MinSample && holds(level.Op, value, level.Value)) best = level.Level;
  }
  return best;
}
