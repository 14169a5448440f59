import {
  DEFAULT_SIDE_PAIRS,
  LAUNDERING_DEFAULT_MIN_OPPOSED_SHARE,
  type LaunderingSettingBody,
  type LaunderingSettingRecord,
  type Level,
} from '@pitboss/contract';

/**
 * The opposing-bet setting editor's values: the setting's fields, the side pairs as rows of two
 * inputs, and one row per level (1, 2, 3) switched on or off. The body sends only the rows that are on.
 */
export interface LaunderingLevelRow {
  On: boolean;
  Rounds: number | null;
  MatchedStake: number | null;
  Op: 'or' | 'and';
}

export interface LaunderingFormValues {
  EventName: string;
  SidePairs: { A: string; B: string }[];
  GameTypes: string[];
  MinStake: number | null;
  StakeTolerance: number | null;
  MinOpposedShare: number | null;
  TimeUnit: LaunderingSettingBody['TimeUnit'];
  LoopValue: number | null;
  Enabled: boolean;
  Levels: [LaunderingLevelRow, LaunderingLevelRow, LaunderingLevelRow];
}

const OFF_ROW: LaunderingLevelRow = { On: false, Rounds: 0, MatchedStake: 0, Op: 'or' };

/** A new setting starts like the default of a new company: the six usual pairs, 3/6/10 rounds in a day. */
export function newSettingValues(): LaunderingFormValues {
  return {
    EventName: '',
    SidePairs: DEFAULT_SIDE_PAIRS.map(([A, B]) => ({ A, B })),
    GameTypes: [],
    MinStake: 10,
    StakeTolerance: 10,
    MinOpposedShare: LAUNDERING_DEFAULT_MIN_OPPOSED_SHARE,
    TimeUnit: 'day',
    LoopValue: 1,
    Enabled: true,
    Levels: [
      { On: true, Rounds: 3, MatchedStake: 0, Op: 'or' },
      { On: true, Rounds: 6, MatchedStake: 0, Op: 'or' },
      { On: true, Rounds: 10, MatchedStake: 0, Op: 'or' },
    ],
  };
}

export function settingToValues(setting: LaunderingSettingRecord): LaunderingFormValues {
  const row = (level: Level): LaunderingLevelRow => {
    const found = setting.Levels.find((l) => l.Level === level);
    return found ? { On: true, Rounds: found.Rounds, MatchedStake: found.MatchedStake, Op: found.Op } : { ...OFF_ROW };
  };
  return {
    EventName: setting.EventName,
    SidePairs: setting.SidePairs.map(([A, B]) => ({ A, B })),
    GameTypes: [...setting.GameTypes],
    MinStake: setting.MinStake,
    StakeTolerance: setting.StakeTolerance,
    MinOpposedShare: setting.MinOpposedShare,
    TimeUnit: setting.TimeUnit,
    LoopValue: setting.LoopValue,
    Enabled: setting.Enabled,
    Levels: [row(1), row(2), row(3)],
  };
}

/** The request body. Empty numbers stay null here, so the contract's schema reports them on their field. */
export function valuesToBody(values: LaunderingFormValues): LaunderingSettingBody {
  return {
    EventName: values.EventName,
    SidePairs: values.SidePairs.map((p) => [p.A ?? '', p.B ?? ''] as [string, string]),
    GameTypes: values.GameTypes,
    MinStake: values.MinStake as number,
    StakeTolerance: values.StakeTolerance as number,
    MinOpposedShare: values.MinOpposedShare as number,
    TimeUnit: values.TimeUnit,
    LoopValue: values.LoopValue as number,
    Enabled: values.Enabled,
    Levels: values.Levels.flatMap((row, index) =>
      row.On
        ? [
            {
              Level: (index + 1) as Level,
              Rounds: row.Rounds ?? 0,
              MatchedStake: row.MatchedStake ?? 0,
              Op: row.Op,
            },
          ]
        : [],
    ),
  };
}

/** A form field path (antd `NamePath`). */
export type FieldPath = (string | number)[];

const PLAIN_FIELDS = [
  'EventName',
  'GameTypes',
  'MinStake',
  'StakeTolerance',
  'MinOpposedShare',
  'TimeUnit',
  'LoopValue',
  'Enabled',
];

/**
 * The form field of an error path of the body (`['SidePairs', 2, 1]` from the schema, or the server's
 * `SidePairs[2]` / `Levels[1].Rounds`): pairs map to their row (a whole pair to its first side), body
 * level entries to their level's row; anything else to undefined (shown above the form).
 */
export function formFieldOf(path: readonly PropertyKey[] | string, body: LaunderingSettingBody): FieldPath | undefined {
  const parts: (string | number)[] =
    typeof path === 'string'
      ? path
          .split(/[.[\]]+/)
          .filter(Boolean)
          .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
      : path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  const [head, index, field] = parts;
  if (head === 'SidePairs') {
    if (typeof index !== 'number' || index >= body.SidePairs.length) return ['SidePairs'];
    return ['SidePairs', index, field === 1 ? 'B' : 'A'];
  }
  if (head === 'Levels') {
    if (typeof index !== 'number') return ['Levels'];
    const level = body.Levels[index]?.Level;
    if (level === undefined) return ['Levels'];
    return field === 'Rounds' || field === 'MatchedStake' || field === 'Op' ? ['Levels', level - 1, field] : ['Levels'];
  }
  if (typeof head === 'string' && PLAIN_FIELDS.includes(head)) return [head];
  return undefined;
}
