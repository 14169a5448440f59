import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for links in mails (registration, password reset). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a copy of the database does not hold usable links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
