/** Player alerts: refusal codes, websocket keys and sort fields (schemas in `player-alerts.schemas.ts`). */

export const ALERT_MESSAGE_CODES = {
  alreadyProcessed: 'ALERT_ALREADY_PROCESSED',
  notFound: 'ALERT_NOT_FOUND',
} as const;

/** Websocket `invalidate` keys the server sends when alerts or rules change. */
export const ALERT_QUERY_KEYS = { alerts: 'alerts', rules: 'alert-settings', dashboard: 'dashboard' } as const;

export const ALERT_SORT_FIELDS = [
  'HappenedAt',
  'DetectedAt',
  'CreateDate',
  'WindowEnd',
  'Level',
  'Value',
  'MemberID',
  'EventType',
  'AlertID',
] as const;
