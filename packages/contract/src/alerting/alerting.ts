import { ALERT_TYPES } from '../common/enums';

/**
 * What every kind of alert shares (player, game RTP, opposing bets): the kinds, the event types that
 * notification settings choose from, the definitions they list, and where an alert opens in the console.
 * Each kind keeps its own rules, alerts and screens in its domain (player-alerts, game-rtp, laundering).
 */
export const ALERT_KINDS = ['player', 'game', 'laundering'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** `EventType` of game RTP rules in notification settings (player rules are 1–7, spec §3 alert types). */
export const GAME_RTP_EVENT_TYPE = 8;
/** `EventType` of opposing-bet (money-laundering) rules in notification settings. */
export const LAUNDERING_EVENT_TYPE = 9;

/** Every `EventType` a notification setting may name: the player alert types, game RTP and opposing bets. */
export const NOTICE_EVENT_TYPES = {
  ...ALERT_TYPES,
  [GAME_RTP_EVENT_TYPE]: 'gameRtp',
  [LAUNDERING_EVENT_TYPE]: 'laundering',
} as const;
export type NoticeEventType = keyof typeof NOTICE_EVENT_TYPES;

type AlertTypeCode = keyof typeof ALERT_TYPES;

/** Readable English name of a player alert type (spec §3), the `TypeName` of list rows and CSV exports. */
export const ALERT_TYPE_NAMES: Record<AlertTypeCode, string> = {
  1: 'High ratio',
  2: 'High win streak',
  3: 'IP login',
  4: 'Register login',
  5: 'Store',
  6: 'Trade',
  7: 'Event',
};

/** Readable English `TypeName` of every event type (the console shows its own translation). */
export const EVENT_TYPE_NAMES: Record<NoticeEventType, string> = {
  ...ALERT_TYPE_NAMES,
  [GAME_RTP_EVENT_TYPE]: 'Game RTP',
  [LAUNDERING_EVENT_TYPE]: 'Opposing bets',
};

/** `TypeName` of a blacklist entry made by hand rather than from an alert. */
export const MANUAL_TYPE_NAME = 'Manual';

/** The `TypeName` of an event type (1–9), or `Manual` for none (a blacklist entry added by hand). */
export function typeNameOf(eventType: number | null | undefined): string {
  return eventType && eventType in EVENT_TYPE_NAMES ? EVENT_TYPE_NAMES[eventType as NoticeEventType] : MANUAL_TYPE_NAME;
}

/** The kind of alert an event type raises. */
export function alertKindOf(eventType: NoticeEventType): AlertKind {
  if (eventType === GAME_RTP_EVENT_TYPE) return 'game';
  if (eventType === LAUNDERING_EVENT_TYPE) return 'laundering';
  return 'player';
}

/**
 * One rule of any kind as notification settings list it (spec §3 "Event definition" fields). EventIDs are
 * unique within a company across every kind, so an EventID alone names a rule.
 */
export interface AlertEventDefinition {
  EventID: number;
  EventName: string;
  EventType: NoticeEventType;
  TypeName: string;
  Kind: AlertKind;
  Enabled: boolean;
}

/** The console screen of each kind's alerts; `?alert=<id>` opens one. */
export const ALERT_SCREENS: Record<AlertKind, string> = {
  player: '/monitor/alert-events',
  game: '/monitor/gameRTP-alert-events',
  laundering: '/monitor/laundering-alert-events',
};

/** The console path (without origin) that opens one alert: links in mails, Telegram and SMS messages. */
export function alertPath(kind: AlertKind, alertId: number): string {
  return `${ALERT_SCREENS[kind]}?alert=${alertId}`;
}
