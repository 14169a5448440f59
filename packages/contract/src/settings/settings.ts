/** The longest console IP allowlist a company may have. */
export const MAX_ALLOWLIST_ENTRIES = 500;
