/** Limits and codes of the block APIs and their log (schemas in `block-api.schemas.ts`). */

export const BLOCK_API_NAME_MAX_LENGTH = 100;
export const BLOCK_API_URL_MAX_LENGTH = 2000;
export const BLOCK_API_TOKEN_MAX_LENGTH = 4096;
/** Stable code of a refused duplicate API name (409). */
export const BLOCK_API_NAME_TAKEN = 'BLOCK_API_NAME_TAKEN';

export const BLOCK_API_LOG_OUTCOMES = ['sent', 'retry', 'failed', 'cancelled'] as const;

/**
 * Where a blacklisted member stands on the platform, per block API: `queued` (waiting for its first
 * try, or for a token), `retrying` (a try failed; it will be tried again), `locked` (the API answered
 * 2xx), `failed` (given up), `cancelled` (removed from the blacklist before it was sent).
 */
export const LOCK_STATES = ['queued', 'retrying', 'locked', 'failed', 'cancelled'] as const;
export type LockState = (typeof LOCK_STATES)[number];

export const BLOCK_API_LOG_SORT_FIELDS = ['CreateDate', 'MemberID', 'APIName'] as const;
