import { ALERT_TYPES, type AlertType } from '@pitboss/contract';
import type { TFunction } from 'i18next';

/** Alert types 1–7 (spec §3) and 0 for a manual entry, as the blacklist's filter takes them. */
export const ENTRY_TYPES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

export function isAlertType(value: number | null | undefined): value is AlertType {
  return value !== null && value !== undefined && value in ALERT_TYPES;
}

/** The translated name of an entry's type: an alert type, or "Manual". */
export function entryTypeName(t: TFunction, eventType: number | null | undefined): string {
  return t(`blacklist:alertTypes.${isAlertType(eventType) ? ALERT_TYPES[eventType] : 'manual'}`);
}
