import {
  ALERT_TYPES,
  type BlacklistEventType,
  GAME_RTP_EVENT_TYPE,
  LAUNDERING_EVENT_TYPE,
  NOTICE_EVENT_TYPES,
} from '@pitboss/contract';
import type { TFunction } from 'i18next';

/**
 * Event types an entry may come from — player alert types 1–7 (spec §3), game RTP (8), opposing bets (9)
 * — and 0 for a manual entry, as the blacklist's filter takes them.
 */
export const ENTRY_TYPES = [0, ...Object.keys(ALERT_TYPES).map(Number), GAME_RTP_EVENT_TYPE, LAUNDERING_EVENT_TYPE];

export function isAlertType(value: number | null | undefined): value is BlacklistEventType {
  return value !== null && value !== undefined && value in NOTICE_EVENT_TYPES;
}

/** The translated name of an entry's type: an alert type, game RTP, opposing bets, or "Manual". */
export function entryTypeName(t: TFunction, eventType: number | null | undefined): string {
  return t(`blacklist:alertTypes.${isAlertType(eventType) ? NOTICE_EVENT_TYPES[eventType] : 'manual'}`);
}
