import {
  type AlertRuleBody,
  type AlertRuleRecord,
  type AlertType,
  type ComparisonOperator,
  type Level,
  LOOP_VALUE_MAX,
  type TimeUnit,
} from '@pitboss/contract';

/**
 * The rule editor's values: the rule's fields and one row per level (1, 2, 3), each switched on or
 * off. The body sends only the rows that are on.
 */
export interface LevelRow {
  On: boolean;
  Op: ComparisonOperator;
  Value: number | null;
  MinSample: number | null;
}

export interface RuleFormValues {
  EventName: string;
  EventType: AlertType;
  TimeUnit: TimeUnit;
  LoopValue: number | null;
  Enabled: boolean;
  Levels: [LevelRow, LevelRow, LevelRow];
}

const OFF_ROW: LevelRow = { On: false, Op: '>=', Value: null, MinSample: 1 };

export function newRuleValues(type: AlertType = 1): RuleFormValues {
  return {
    EventName: '',
    EventType: type,
    TimeUnit: 'day',
    LoopValue: 1,
    Enabled: true,
    Levels: [{ ...OFF_ROW, On: true }, { ...OFF_ROW }, { ...OFF_ROW }],
  };
}

export function ruleToValues(rule: AlertRuleRecord): RuleFormValues {
  const row = (level: Level): LevelRow => {
    const found = rule.Levels.find((l) => l.Level === level);
    return found ? { On: true, Op: found.Op, Value: found.Value, MinSample: found.MinSample } : { ...OFF_ROW };
  };
  return {
    EventName: rule.EventName,
    EventType: rule.EventType,
    TimeUnit: rule.TimeUnit,
    LoopValue: rule.LoopValue,
    Enabled: rule.Enabled,
    Levels: [row(1), row(2), row(3)],
  };
}

/** The request body. Empty numbers stay null here, so the contract's schema reports them on their field. */
export function valuesToBody(values: RuleFormValues): AlertRuleBody {
  return {
    EventName: values.EventName,
    EventType: values.EventType,
    TimeUnit: values.TimeUnit,
    LoopValue: values.LoopValue as number,
    Enabled: values.Enabled,
    Levels: values.Levels.flatMap((row, index) =>
      row.On
        ? [
            {
              Level: (index + 1) as Level,
              Op: row.Op,
              // `any` ignores the value; send 0 so an empty field does not block saving.
              Value: (row.Op === 'any' ? (row.Value ?? 0) : row.Value) as number,
              MinSample: row.MinSample as number,
            },
          ]
        : [],
    ),
  };
}

/** A form field path (antd `NamePath`). */
export type FieldPath = (string | number)[];

/**
 * The form field of an error path of the body (`['Levels', 1, 'Value']` from the schema, or the
 * server's `Levels[1].Value`): body level entries map back to their level's row.
 */
export function formFieldOf(path: readonly PropertyKey[] | string, body: AlertRuleBody): FieldPath | undefined {
  const parts: (string | number)[] =
    typeof path === 'string'
      ? path
          .split(/[.[\]]+/)
          .filter(Boolean)
          .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
      : path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  const [head, index, field] = parts;
  if (head === 'Levels') {
    if (typeof index !== 'number') return ['Levels'];
    const level = body.Levels[index]?.Level;
    if (level === undefined) return ['Levels'];
    return field === undefined || field === 'Level' ? ['Levels'] : ['Levels', level - 1, field];
  }
  if (typeof head === 'string' && ['EventName', 'EventType', 'TimeUnit', 'LoopValue', 'Enabled'].includes(head)) {
    return [head];
  }
  return undefined;
}

export function loopValueMax(unit: TimeUnit): number {
  return LOOP_VALUE_MAX[unit];
}
