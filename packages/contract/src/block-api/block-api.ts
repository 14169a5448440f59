/** Limits and codes of the block APIs and their log (schemas in `block-api.schemas.ts`). */

export const BLOCK_API_NAME_MAX_LENGTH = 100;
export const BLOCK_API_URL_MAX_LENGTH = 2000;
export const BLOCK_API_TOKEN_MAX_LENGTH = 4096;
/** Stable code of a refused duplicate API name (409). */
export const BLOCK_API_NAME_TAKEN = 'BLOCK_API_NAME_TAKEN';

export const BLOCK_API_LOG_OUTCOMES = ['sent', 'retry', 'failed', 'cancelled'] as const;

export const BLOCK_API_LOG_SORT_FIELDS = ['CreateDate', 'MemberID', 'APIName'] as const;
