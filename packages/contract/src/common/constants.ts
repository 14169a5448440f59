/** Spec §9 constants shared by server and console. */
export const DEFAULT_PAGE_SIZE = 25;
export const GAME_BY_TIME_PAGE_SIZE = 20;
export const EVENT_DETAIL_PAGE_SIZE = 100000;
export const MAX_PAGE_SIZE = 1000;
export const WILDCARD = '*';
export const MEMBER_ID_NONE = '-1';
export const VT_CHECK_DEFAULT = 2;
export const AUTO_UPDATE_COUNTDOWN_SECONDS = 10;
export const SOCKET_RECONNECT_MS = 5000;
export const COOKIE_EXPIRES_DAYS = 365;
