import type { GameRtpRuleBody, GameRtpRuleRecord, GameRtpScope, Level, TimeUnit } from '@pitboss/contract';

/**
 * The game RTP rule editor's values. People read RTPs and confidences as percentages (96.5 %, 99.9 %)
 * while the API takes fractions (0.965, 0.999): the form holds percentages, the body fractions. Bands
 * are RTP points on both sides. One row per level (1, 2, 3), each switched on or off; a side left empty
 * is not watched.
 */
export interface GameLevelRow {
  On: boolean;
  Above: number | null;
  Below: number | null;
  /** Percent, 50–99.99. */
  Confidence: number | null;
}

export interface GameRuleFormValues {
  EventName: string;
  Scope: GameRtpScope;
  GameType: string | null;
  GameID: string | null;
  /** Percent; null: the game's master data. */
  ExpectedRTP: number | null;
  TimeUnit: TimeUnit;
  LoopValue: number | null;
  MinRounds: number | null;
  Enabled: boolean;
  Levels: [GameLevelRow, GameLevelRow, GameLevelRow];
}

const OFF_ROW: GameLevelRow = { On: false, Above: null, Below: null, Confidence: 99.9 };

/** Percent ↔ fraction without binary noise (96.5 → 0.965, not 0.9650000000000001). */
const toFraction = (percent: number) => Math.round(percent * 1e4) / 1e6;
const toPercent = (fraction: number) => Math.round(fraction * 1e8) / 1e6;

export function newGameRuleValues(): GameRuleFormValues {
  return {
    EventName: '',
    Scope: 'all',
    GameType: null,
    GameID: null,
    ExpectedRTP: null,
    TimeUnit: 'day',
    LoopValue: 1,
    MinRounds: 2000,
    Enabled: true,
    Levels: [{ On: true, Above: 2, Below: 2, Confidence: 99.9 }, { ...OFF_ROW }, { ...OFF_ROW }],
  };
}

export function gameRuleToValues(rule: GameRtpRuleRecord): GameRuleFormValues {
  const row = (level: Level): GameLevelRow => {
    const found = rule.Levels.find((l) => l.Level === level);
    return found
      ? { On: true, Above: found.Above, Below: found.Below, Confidence: toPercent(found.Confidence) }
      : { ...OFF_ROW };
  };
  return {
    EventName: rule.EventName,
    Scope: rule.Scope,
    GameType: rule.GameType,
    GameID: rule.GameID,
    ExpectedRTP: rule.ExpectedRTP === null ? null : toPercent(rule.ExpectedRTP),
    TimeUnit: rule.TimeUnit,
    LoopValue: rule.LoopValue,
    MinRounds: rule.MinRounds,
    Enabled: rule.Enabled,
    Levels: [row(1), row(2), row(3)],
  };
}

/** The request body: only the target field of the scope is sent; empty numbers stay null for the schema to name. */
export function gameValuesToBody(values: GameRuleFormValues): GameRtpRuleBody {
  const blank = <T>(value: T | null | undefined): T | null => value ?? null;
  return {
    EventName: values.EventName,
    Scope: values.Scope,
    GameType: values.Scope === 'type' ? blank(values.GameType) : null,
    GameID: values.Scope === 'game' ? blank(values.GameID) : null,
    ExpectedRTP: blank(values.ExpectedRTP) === null ? null : toFraction(values.ExpectedRTP as number),
    TimeUnit: values.TimeUnit,
    LoopValue: values.LoopValue as number,
    MinRounds: values.MinRounds as number,
    Enabled: values.Enabled,
    Levels: values.Levels.flatMap((row, index) =>
      row.On
        ? [
            {
              Level: (index + 1) as Level,
              Above: blank(row.Above),
              Below: blank(row.Below),
              Confidence: (blank(row.Confidence) === null ? null : toFraction(row.Confidence as number)) as number,
            },
          ]
        : [],
    ),
  };
}

/** The body of a stored rule with only `Enabled` changed (the switch in the list). */
export function ruleWithEnabled(rule: GameRtpRuleRecord, Enabled: boolean): GameRtpRuleBody {
  return {
    EventName: rule.EventName,
    Scope: rule.Scope,
    GameType: rule.GameType,
    GameID: rule.GameID,
    ExpectedRTP: rule.ExpectedRTP,
    TimeUnit: rule.TimeUnit,
    LoopValue: rule.LoopValue,
    MinRounds: rule.MinRounds,
    Enabled,
    Levels: rule.Levels,
  };
}

export type FieldPath = (string | number)[];

const TOP_FIELDS = ['EventName', 'Scope', 'GameType', 'GameID', 'ExpectedRTP', 'TimeUnit', 'LoopValue', 'MinRounds'];

/**
 * The form field of an error path of the body (zod's `['Levels', 1, 'Above']` or the server's
 * `Levels[1].Above`): a body level entry maps back to its level's row.
 */
export function gameFormFieldOf(path: readonly PropertyKey[] | string, body: GameRtpRuleBody): FieldPath | undefined {
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
  if (typeof head === 'string' && TOP_FIELDS.includes(head)) return [head];
  return undefined;
}

/** "96.5 %" from a fraction. */
export function formatRtp(fraction: number | null | undefined, locale?: string, digits = 2): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '—';
  return `${(fraction * 100).toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })} %`;
}

/** "+2.31" RTP points (signed). */
export function formatPoints(points: number | null | undefined, locale?: string): string {
  if (points === null || points === undefined || !Number.isFinite(points)) return '—';
  const text = Math.abs(points).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${points > 0 ? '+' : points < 0 ? '−' : ''}${text}`;
}
