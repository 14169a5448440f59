import type { AlertType, ComparisonOperator, Level, SubjectKind } from '@pitboss/contract';

/** The seven alert types (spec §3), in menu order. */
export const ALERT_TYPE_IDS: readonly AlertType[] = [1, 2, 3, 4, 5, 6, 7];
export const LEVEL_IDS: readonly Level[] = [1, 2, 3];

/** One colour per level, light to severe, readable on the light and the dark theme. */
export const LEVEL_COLORS: Record<Level, string> = { 1: '#d4b106', 2: '#fa8c16', 3: '#f5222d' };

/** One colour per alert type for charts and tags (distinct on light and dark backgrounds). */
export const TYPE_COLORS: Record<AlertType, string> = {
  1: '#1677ff',
  2: '#13c2c2',
  3: '#722ed1',
  4: '#eb2f96',
  5: '#52c41a',
  6: '#fa8c16',
  7: '#a0d911',
};

/** Ant Design preset colours of the same hues for tags: presets follow the dark theme. */
export const LEVEL_TAG_COLORS: Record<Level, string> = { 1: 'gold', 2: 'orange', 3: 'red' };
export const TYPE_TAG_COLORS: Record<AlertType, string> = {
  1: 'blue',
  2: 'cyan',
  3: 'purple',
  4: 'magenta',
  5: 'green',
  6: 'orange',
  7: 'lime',
};

/** Types measured on an amount in base currency (shown with two decimals and grouping). */
const AMOUNT_TYPES = new Set<AlertType>([5, 6]);
/** Types measured as a count (whole numbers). */
const COUNT_TYPES = new Set<AlertType>([2, 3, 4]);

/** A measured value or threshold as a reviewer reads it: ratios with 3 decimals, counts whole, amounts grouped. */
export function formatMeasure(type: AlertType, value: number | null | undefined, locale?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (COUNT_TYPES.has(type)) return Math.round(value).toLocaleString(locale);
  if (AMOUNT_TYPES.has(type)) return value.toLocaleString(locale, { maximumFractionDigits: 2 });
  if (type === 1) return value.toLocaleString(locale, { maximumFractionDigits: 3 });
  return value.toLocaleString(locale, { maximumFractionDigits: 2 });
}

const OP_SYMBOLS: Record<ComparisonOperator, string> = { any: '', '>': '>', '<': '<', '>=': '≥', '<=': '≤' };

/** "2.85 > 2.5": the value against the threshold; "any" when the level holds for every value. */
export function measureAgainstThreshold(
  type: AlertType,
  value: number,
  op: ComparisonOperator,
  threshold: number | null,
  locale?: string,
): string {
  const shown = formatMeasure(type, value, locale);
  if (op === 'any' || threshold === null) return shown;
  return `${shown} ${OP_SYMBOLS[op]} ${formatMeasure(type, threshold, locale)}`;
}

/** What an alert is about: the member (with nick name), the IP or the device. */
export function subjectOf(alert: {
  SubjectKind: SubjectKind;
  MemberID: string;
  NickName: string;
  IP: string;
  Device: string;
}): string {
  if (alert.SubjectKind === 'ip') return alert.IP;
  if (alert.SubjectKind === 'device') return alert.Device;
  return alert.NickName ? `${alert.MemberID} (${alert.NickName})` : alert.MemberID;
}
