/** A reset link works once, for this long. */
export const RESET_TOKEN_TTL_MINUTES = 60;
