import dayjs from 'dayjs';
import type { DateRange } from '../../components/DateRangePicker';
import { companyNow } from '../../lib/time-zone';

/**
 * The filters every check tool shares, kept in the URL so a drill-down carries them: Start and End
 * (days of the company's time zone, both included), MemberIDs and NickName, plus each screen's own.
 */
export interface CheckFilters {
  range: DateRange;
  MemberIDs: string;
  NickName: string;
  extra: Record<string, string>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in `params`; the last 7 days by default. */
export function filtersFromParams(params: URLSearchParams, extraKeys: readonly string[]): CheckFilters {
  const today = companyNow().startOf('day');
  const start = params.get('Start') ?? '';
  const end = params.get('End') ?? '';
  const range: DateRange =
    DATE.test(start) && DATE.test(end)
      ? [dayjs(start).startOf('day'), dayjs(end).endOf('day')]
      : [today.subtract(6, 'day'), today.endOf('day')];
  const extra: Record<string, string> = {};
  for (const key of extraKeys) extra[key] = params.get(key) ?? '';
  return { range, MemberIDs: params.get('MemberIDs') ?? '', NickName: params.get('NickName') ?? '', extra };
}

export function filtersToParams(filters: CheckFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set('Start', filters.range[0].format('YYYY-MM-DD'));
  params.set('End', filters.range[1].format('YYYY-MM-DD'));
  if (filters.MemberIDs.trim()) params.set('MemberIDs', filters.MemberIDs.trim());
  if (filters.NickName.trim()) params.set('NickName', filters.NickName.trim());
  for (const [key, value] of Object.entries(filters.extra)) if (value) params.set(key, value);
  return params;
}

/** A link to another check tool with the same range and these members (a drill-down). */
export function drillLink(path: string, filters: CheckFilters, set: Record<string, string>): string {
  const params = new URLSearchParams();
  params.set('Start', filters.range[0].format('YYYY-MM-DD'));
  params.set('End', filters.range[1].format('YYYY-MM-DD'));
  for (const [key, value] of Object.entries(set)) if (value) params.set(key, value);
  return `${path}?${params}`;
}

/** The body fields every check-tool call shares. */
export function commonBody(filters: CheckFilters) {
  const ids = filters.MemberIDs.split(/[\s,]+/).filter(Boolean);
  return {
    Start: filters.range[0].format('YYYY-MM-DD'),
    End: filters.range[1].format('YYYY-MM-DD'),
    ...(ids.length ? { MemberIDs: ids } : {}),
    ...(filters.NickName.trim() ? { NickName: filters.NickName.trim() } : {}),
  };
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : money.format(value);
}

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : count.format(value);
}

export function formatRatio(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${(value * 100).toFixed(2)} %`;
}
