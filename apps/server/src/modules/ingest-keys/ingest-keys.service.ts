import { type CreatedIngestKey, INGEST_KEYS_MAX_ACTIVE, type IngestKey } from '@pitboss/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, notFound, unauthenticated } from '../../lib/errors';
import * as repo from './ingest-keys.repository';
import { displayPrefix, generateKey, hashKey, looksLikeKey } from './key-material';

/** The company an ingest call is for, resolved from its key. */
export interface IngestCaller {
  cid: number;
  keyId: number;
}

interface CacheEntry {
  key: { cid: number; keyId: number; revoked: boolean } | null;
  expires: number;
}

export interface IngestKeyServiceOptions {
  /** How long a lookup (found or not) is trusted; bounds how late another process sees a revocation. */
  cacheTtlMs?: number;
  /** `last_used_at` is written at most this often per key and process. */
  touchEveryMs?: number;
}

const MAX_CACHE_ENTRIES = 10_000;

function toWire(row: repo.IngestKeyRow): IngestKey {
  return {
    KeyID: row.key_id,
    Name: row.name,
    Prefix: row.prefix,
    CreateDate: row.created_at,
    CreatedBy: row.created_by_account ?? '',
    LastUsedAt: row.last_used_at,
    RevokedAt: row.revoked_at,
  };
}

/**
 * Ingest keys: created by an admin of the working company, shown once, stored as a SHA-256 hash.
 * `authenticate` runs on every ingest call, so lookups are cached briefly; a revocation in this
 * process takes effect at once, in other processes sharing the database within `cacheTtlMs`.
 */
export class IngestKeyService {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly lastTouched = new Map<number, number>();
  private readonly cacheTtlMs: number;
  private readonly touchEveryMs: number;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    options: IngestKeyServiceOptions = {},
  ) {
    this.cacheTtlMs = options.cacheTtlMs ?? 10_000;
    this.touchEveryMs = options.touchEveryMs ?? 5_000;
  }

  async list(auth: AuthContext): Promise<IngestKey[]> {
    return (await repo.listKeys(this.db, auth.cid)).map(toWire);
  }

  async create(auth: AuthContext, name: string): Promise<CreatedIngestKey> {
    return this.db.tx(async (sql) => {
      if ((await repo.countActiveKeys(sql, auth.cid)) >= INGEST_KEYS_MAX_ACTIVE) {
        throw new AppError(
          409,
          'INGEST_KEYS_LIMIT',
          `A company may hold at most ${INGEST_KEYS_MAX_ACTIVE} active ingest keys; revoke one first`,
        );
      }
      return this.issue(sql, auth.cid, name, auth.aid);
    });
  }

  /** Creates a key in the caller's transaction. */
  private async issue(sql: Sql, cid: number, name: string, createdBy: number | null): Promise<CreatedIngestKey> {
    const key = generateKey();
    const hash = hashKey(key);
    const row = await repo.insertKey(sql, { cid, name, prefix: displayPrefix(key), hash, createdBy });
    this.cache.delete(hash);
    return { ...toWire(row), Key: key };
  }

  async revoke(auth: AuthContext, keyId: number): Promise<void> {
    const hash = await repo.revokeKey(this.db, auth.cid, keyId, auth.aid);
    if (!hash) throw notFound('Ingest key');
    this.remember(hash, { cid: auth.cid, keyId, revoked: true });
  }

  /** Resolves the company of an ingest call from its key; a missing, unknown or revoked key is a 401. */
  async authenticate(key: string | undefined): Promise<IngestCaller> {
    if (!key) {
      throw unauthenticated('Send your ingest key as "Authorization: Bearer pbk_…"', 'INGEST_KEY_REQUIRED');
    }
    const found = looksLikeKey(key) ? await this.lookup(hashKey(key)) : null;
    if (!found) throw unauthenticated('Unknown ingest key', 'INGEST_KEY_INVALID');
    if (found.revoked) throw unauthenticated('This ingest key was revoked', 'INGEST_KEY_REVOKED');
    return { cid: found.cid, keyId: found.keyId };
  }

  /** Notes an accepted call: `last_used_at` is written at most every `touchEveryMs`, outside the ingest transaction. */
  noteUse(caller: IngestCaller): void {
    const now = Date.now();
    if (now - (this.lastTouched.get(caller.keyId) ?? 0) < this.touchEveryMs) return;
    this.lastTouched.set(caller.keyId, now);
    repo.touchKey(this.db, caller.cid, caller.keyId, new Date(now)).catch((error) => {
      this.log.warn({ err: error }, 'could not record the last use of an ingest key');
    });
  }

  private async lookup(hash: string): Promise<CacheEntry['key']> {
    const cached = this.cache.get(hash);
    if (cached && cached.expires > Date.now()) return cached.key;
    const row = await repo.findKeyByHash(this.db, hash);
    const key = row ? { cid: row.cid, keyId: row.key_id, revoked: row.revoked_at !== null } : null;
    this.remember(hash, key);
    return key;
  }

  private remember(hash: string, key: CacheEntry['key']): void {
    if (this.cache.size >= MAX_CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.delete(hash);
    this.cache.set(hash, { key, expires: Date.now() + this.cacheTtlMs });
  }
}
