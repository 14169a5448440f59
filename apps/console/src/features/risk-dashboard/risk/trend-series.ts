import type { AlertType, RiskDashboard } from '@pitboss/contract';
import dayjs from 'dayjs';
import { companyTimeZone, wallClock } from '../../../lib/time-zone';

export interface TrendSeries {
  /** Bucket starts, oldest first, every bucket of the range (empty ones included). */
  buckets: string[];
  /** Per alert type present in the period, one count per bucket. */
  byType: { type: AlertType; counts: number[] }[];
}

/**
 * The trend as chart series: the server lists only buckets that hold alerts; the chart needs every
 * bucket from the first to the last (an hour or a day each), zeros included, so gaps read as quiet.
 */
export function trendSeries(trend: RiskDashboard['Trend'], bucket: RiskDashboard['Bucket']): TrendSeries {
  const keys = [...new Set(trend.map((p) => p.Bucket))].sort((a, b) => dayjs(a).valueOf() - dayjs(b).valueOf());
  const first = keys[0];
  const last = keys[keys.length - 1];
  let buckets = keys;
  if (first && last && dayjs(first).isValid() && dayjs(last).isValid()) {
    const filled: string[] = [];
    const byTime = new Map(keys.map((k) => [dayjs(k).valueOf(), k]));
    // At most a year of days or a month of hours: a guard against a malformed answer.
    for (
      let at = dayjs(first).tz(companyTimeZone());
      !at.isAfter(dayjs(last)) && filled.length < 800;
      at = at.add(1, bucket)
    ) {
      filled.push(byTime.get(at.valueOf()) ?? at.toISOString());
    }
    buckets = filled;
  }
  const index = new Map(buckets.map((b, i) => [dayjs(b).valueOf(), i]));
  const types = [...new Set(trend.map((p) => p.EventType))].sort((a, b) => a - b);
  const byType = types.map((type) => {
    const counts = buckets.map(() => 0);
    for (const point of trend) {
      const i = index.get(dayjs(point.Bucket).valueOf());
      if (point.EventType === type && i !== undefined) counts[i] = (counts[i] ?? 0) + point.Count;
    }
    return { type, counts };
  });
  // The server lists every type in every bucket; a type without alerts would only clutter the legend.
  return { buckets, byType: byType.filter((series) => series.counts.some((n) => n > 0)) };
}

/** A bucket's label in the company's time zone: "11-22 14:00" for hours, "11-22" for days. */
export function bucketLabel(bucketStart: string, bucket: RiskDashboard['Bucket']): string {
  if (!dayjs(bucketStart).isValid()) return bucketStart;
  return wallClock(bucketStart).format(bucket === 'hour' ? 'MM-DD HH:mm' : 'MM-DD');
}
