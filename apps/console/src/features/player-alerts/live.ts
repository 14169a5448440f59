import type { AlertRecord } from '@pitboss/contract';

/**
 * The alert a websocket `alert` message carries, when it has the list's shape; undefined otherwise
 * (such a message is not counted).
 */
export function pushedAlert(payload: Record<string, unknown>): AlertRecord | undefined {
  const required = ['AlertID', 'EventType', 'Level', 'WindowEnd', 'MemberID', 'Status'] as const;
  if (required.some((key) => payload[key] === undefined)) return undefined;
  return payload as unknown as AlertRecord;
}
