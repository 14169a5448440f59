import type { LaunderingAlertRecord } from '@pitboss/contract';

/** The filters of the opposing-bet alerts screen, as sent to the list. */
export interface LaunderingAlertFilters {
  Start: string;
  End: string;
  MemberIDs: string[];
  Status?: 0 | 1 | undefined;
}

/**
 * The alert a websocket `alert` message of kind `laundering` carries, when it has the list's shape;
 * undefined otherwise (such a message is not counted).
 */
export function pushedLaunderingAlert(payload: Record<string, unknown>): LaunderingAlertRecord | undefined {
  const required = ['AlertID', 'Level', 'MemberIDs', 'HappenedAt', 'Status'] as const;
  if (required.some((key) => payload[key] === undefined)) return undefined;
  if (!Array.isArray(payload.MemberIDs)) return undefined;
  return payload as unknown as LaunderingAlertRecord;
}

/** Whether the list under these filters would show the alert (HappenedAt in [Start, End), a member named, the status). */
export function matchesLaunderingFilters(alert: LaunderingAlertRecord, filters: LaunderingAlertFilters): boolean {
  const at = Date.parse(alert.HappenedAt);
  if (at < Date.parse(filters.Start) || at >= Date.parse(filters.End)) return false;
  if (filters.Status !== undefined && alert.Status !== filters.Status) return false;
  if (filters.MemberIDs.length > 0 && !alert.MemberIDs.some((id) => filters.MemberIDs.includes(id))) return false;
  return true;
}
