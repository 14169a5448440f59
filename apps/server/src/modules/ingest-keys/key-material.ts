import { createHash, randomBytes } from 'node:crypto';
import { INGEST_KEY_PREFIX } from '@pitboss/contract';

/** `pbk_` + 32 random base64url characters (192 bits). */
export function generateKey(): string {
  return INGEST_KEY_PREFIX + randomBytes(24).toString('base64url');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What the console shows to tell keys apart: the prefix and the first 8 random characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, INGEST_KEY_PREFIX.length + 8);
}

const KEY_SHAPE = /^pbk_[A-Za-z0-9_-]{20,128}$/;

/** Anything else cannot be a key: refused without a database lookup. */
export function looksLikeKey(candidate: string): boolean {
  return KEY_SHAPE.test(candidate);
}
