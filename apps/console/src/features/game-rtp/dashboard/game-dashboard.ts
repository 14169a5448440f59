import type { GameRtpAlertRecord, GameRtpSearchRow } from '@pitboss/contract';
import type { Dayjs } from 'dayjs';

/** The dashboard's periods: today, the last 7 days, the last 30 days (days of the company's zone). */
export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export function periodDays(period: DashboardPeriod, today: Dayjs): { Start: string; End: string } {
  const back = period === 'today' ? 0 : period === '7d' ? 6 : 29;
  return { Start: today.subtract(back, 'day').format('YYYY-MM-DD'), End: today.format('YYYY-MM-DD') };
}

export interface TypeSummary {
  GameType: string;
  Games: number;
  Rounds: number;
  Turnover: number;
  Payout: number;
  GGR: number;
  ObservedRTP: number | null;
  /** Turnover-weighted over the games with a known expectation. */
  ExpectedRTP: number | null;
  Significant: number;
  OpenAlerts: number;
}

/** Open (pending) alerts per game. */
export function openAlertsByGame(alerts: readonly GameRtpAlertRecord[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const alert of alerts) counts.set(alert.GameID, (counts.get(alert.GameID) ?? 0) + 1);
  return counts;
}

/** The games' figures summed per game type (largest turnover first); games without a type under ''. */
export function summariseByType(rows: readonly GameRtpSearchRow[], open: Map<string, number>): TypeSummary[] {
  const byType = new Map<string, TypeSummary & { expStake: number; expWeighted: number }>();
  for (const row of rows) {
    const sum = byType.get(row.GameType) ?? {
      GameType: row.GameType,
      Games: 0,
      Rounds: 0,
      Turnover: 0,
      Payout: 0,
      GGR: 0,
      ObservedRTP: null,
      ExpectedRTP: null,
      Significant: 0,
      OpenAlerts: 0,
      expStake: 0,
      expWeighted: 0,
    };
    sum.Games += 1;
    sum.Rounds += row.Rounds;
    sum.Turnover += row.Turnover;
    sum.Payout += row.Payout;
    sum.GGR += row.GGR;
    if (row.Significant) sum.Significant += 1;
    sum.OpenAlerts += open.get(row.GameID) ?? 0;
    if (row.ExpectedRTP !== null) {
      sum.expStake += row.Turnover;
      sum.expWeighted += row.ExpectedRTP * row.Turnover;
    }
    byType.set(row.GameType, sum);
  }
  return [...byType.values()]
    .map(({ expStake, expWeighted, ...sum }) => ({
      ...sum,
      ObservedRTP: sum.Turnover > 0 ? sum.Payout / sum.Turnover : null,
      ExpectedRTP: expStake > 0 ? expWeighted / expStake : null,
    }))
    .sort((a, b) => b.Turnover - a.Turnover || a.GameType.localeCompare(b.GameType));
}

/**
 * The games that deviate most right now: by |z| (the deviation against its standard error), then by
 * |deviation|; games without an expectation last.
 */
export function topDeviating(rows: readonly GameRtpSearchRow[], limit = 10): GameRtpSearchRow[] {
  const score = (r: GameRtpSearchRow) => (r.ZScore === null ? -1 : Math.abs(r.ZScore));
  return [...rows]
    .sort(
      (a, b) =>
        score(b) - score(a) ||
        Math.abs(b.Deviation ?? 0) - Math.abs(a.Deviation ?? 0) ||
        a.GameID.localeCompare(b.GameID),
    )
    .slice(0, limit);
}
