import { z } from 'zod';
import { AlertType, Level } from '../common/enums.schemas';
import { AlertRecord, Instant } from '../player-alerts/player-alerts.schemas';

/** The risk dashboard (`/dashboard`): alert figures over a period. */

/** `GET /api/v2/dashboard/risk`: the risk dashboard for a period. */
export const RiskDashboardQuery = z.object({
  Start: Instant.optional().describe('Default 7 days ago'),
  End: Instant.optional().describe('Default now'),
});

export const RiskDashboard = z.object({
  Start: z.string(),
  End: z.string(),
  Bucket: z.enum(['hour', 'day']).describe('Size of the trend buckets: hours for up to 2 days, else days'),
  Totals: z.object({ Alerts: z.number(), Pending: z.number(), Subjects: z.number() }),
  ByType: z.array(z.object({ EventType: AlertType, TypeName: z.string(), Count: z.number(), Pending: z.number() })),
  ByLevel: z.array(z.object({ Level: Level, Count: z.number() })),
  Trend: z.array(z.object({ Bucket: z.string(), EventType: AlertType, Count: z.number() })),
  TopMembers: z.array(
    z.object({ MemberID: z.string(), NickName: z.string(), Count: z.number(), MaxLevel: Level, LastAt: z.string() }),
  ),
  Latest: z.array(AlertRecord).describe('The 10 newest alerts'),
});
export type RiskDashboard = z.infer<typeof RiskDashboard>;

/** The schemas of the endpoints of `risk-dashboard.api.ts`. */
export const riskDashboardIo = {
  getRiskDashboard: {
    querystring: RiskDashboardQuery,
    response: z.object({ status: z.number(), data: RiskDashboard }),
  },
};
