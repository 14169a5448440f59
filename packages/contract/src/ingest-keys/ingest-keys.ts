/** Ingest keys let an operator's platform post events (DESIGN §4). Admin only; scoped to the working company. */
export const INGEST_KEY_PREFIX = 'pbk_';
export const INGEST_KEY_NAME_MAX_LENGTH = 64;
/** Active (unrevoked) keys a company may hold at once. */
export const INGEST_KEYS_MAX_ACTIVE = 20;
