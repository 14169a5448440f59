import {
  ALERT_TYPES,
  type AlertType,
  type Level,
  type RiskDashboard,
  type RiskDashboardQuery,
  typeNameOf,
} from '@pitboss/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { resolvePeriod } from '../../lib/period';
import { toRecord } from '../player-alerts/player-alerts.repository';
import * as dashboard from './risk-dashboard.repository';

const HOUR = 3_600_000;
/** Trend buckets are hours for periods up to two days, else days (of the company's time zone). */
const HOURLY_UP_TO_MS = 48 * HOUR;
/** The dashboard's period is at most a year and a day (its trend has a bucket per day and type). */
const DASHBOARD_MAX_DAYS = 366;
const TOP_MEMBERS = 10;
const LATEST = 10;
const TYPES = Object.keys(ALERT_TYPES).map(Number) as AlertType[];
const LEVELS: Level[] = [1, 2, 3];

/** The risk dashboard: read-only figures over the alerts of a period. */
export class RiskDashboardService {
  constructor(private readonly db: Database) {}

  async dashboard(
    auth: AuthContext,
    query: z.output<typeof RiskDashboardQuery>,
  ): Promise<{ status: number; data: RiskDashboard }> {
    const db = this.db;
    const period = resolvePeriod(query, { maxDays: DASHBOARD_MAX_DAYS });
    const unit = Date.parse(period.end) - Date.parse(period.start) <= HOURLY_UP_TO_MS ? 'hour' : 'day';
    const timeZone = await dashboard.companyTimeZone(db, auth.cid);
    const [totals, counts, trend, top, latest] = await Promise.all([
      dashboard.countTotals(db, auth.cid, period),
      dashboard.countByTypeAndLevel(db, auth.cid, period),
      dashboard.countTrend(db, auth.cid, period, unit, timeZone),
      dashboard.topMembers(db, auth.cid, period, TOP_MEMBERS),
      dashboard.latestAlerts(db, auth.cid, period, LATEST),
    ]);
    const sum = (rows: typeof counts, key: 'count' | 'pending') => rows.reduce((n, r) => n + r[key], 0);
    return {
      status: 0,
      data: {
        Start: period.start,
        End: period.end,
        Bucket: unit,
        Totals: { Alerts: totals.alerts, Pending: totals.pending, Subjects: totals.subjects },
        ByType: TYPES.map((type) => {
          const rows = counts.filter((r) => r.event_type === type);
          return {
            EventType: type,
            TypeName: typeNameOf(type),
            Count: sum(rows, 'count'),
            Pending: sum(rows, 'pending'),
          };
        }),
        ByLevel: LEVELS.map((level) => ({
          Level: level,
          Count: sum(
            counts.filter((r) => r.level === level),
            'count',
          ),
        })),
        Trend: trend.map((r) => ({ Bucket: r.bucket, EventType: r.event_type as AlertType, Count: r.count })),
        TopMembers: top,
        Latest: latest.map(toRecord),
      },
    };
  }
}
