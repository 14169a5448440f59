import { hashToken, randomToken } from '../../lib/secure-token';

/**
 * A registration token names its company (`<cid>-<random>`), so it is found by the table's primary
 * key prefix without a lookup across companies. Only its hash is stored.
 */
export function newRegistrationToken(cid: number): { token: string; hash: string } {
  const token = `${cid}-${randomToken()}`;
  return { token, hash: hashToken(token) };
}

export function parseRegistrationToken(token: string | undefined): { cid: number; hash: string } | undefined {
  const match = /^(\d{1,9})-[A-Za-z0-9_-]{43}$/.exec(token?.trim() ?? '');
  if (!match) return undefined;
  return { cid: Number(match[1]), hash: hashToken(token?.trim() ?? '') };
}

/** How long an invitation mailed by an admin lasts. */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
