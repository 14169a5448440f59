import type { GameMaster, IngestEvent, IngestResult } from '@pitboss/contract';
import { serializeEvent } from './serialize';

/**
 * A client for Pitboss's ingest API (DESIGN §4), used by the CLI: `POST /api/v2/ingest/games`, then
 * `POST /api/v2/ingest/events` with `Authorization: Bearer <ingest key>`. It retries what a sender
 * should retry — 429 (after `Retry-After`), 502/503/504 and network errors — and fails fast on anything
 * else, with the server's message.
 */
export interface IngestClientOptions {
  /** Base URL of the server, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** An ingest key of the company the events belong to. */
  key: string;
  /** `json` (an array, default) or `ndjson` (one event per line). */
  format?: 'json' | 'ndjson';
  /** Attempts per request before giving up (default 10). */
  maxAttempts?: number;
  /** Per-attempt timeout (default 60 s). */
  timeoutMs?: number;
  /** Told about every retry, e.g. to log it. */
  onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
  signal?: AbortSignal;
}

export class IngestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'IngestError';
  }
}

export interface IngestClient {
  postGames(games: readonly GameMaster[]): Promise<void>;
  postEvents(batch: readonly IngestEvent[]): Promise<IngestResult>;
}

const RETRYABLE = new Set([429, 502, 503, 504]);

export function createIngestClient(options: IngestClientOptions): IngestClient {
  const base = options.url.replace(/\/+$/, '');
  const maxAttempts = options.maxAttempts ?? 10;
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function send(path: string, body: string, contentType: string): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      let waitMs: number;
      let reason: string;
      try {
        const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.key}`, 'content-type': contentType },
          body,
          signal: AbortSignal.any(signals),
        });
        const text = await response.text();
        const parsed = parseJson(text);
        if (response.ok) return parsed;
        if (!RETRYABLE.has(response.status))
          throw new IngestError(response.status, describe(response.status, parsed, text), parsed);
        reason = `HTTP ${response.status}`;
        waitMs = retryAfter(response.headers.get('retry-after')) ?? backoff(attempt);
      } catch (error) {
        if (error instanceof IngestError || options.signal?.aborted) throw error;
        reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        waitMs = backoff(attempt);
      }
      if (attempt >= maxAttempts) throw new Error(`POST ${path} failed after ${attempt} attempts (last: ${reason})`);
      options.onRetry?.({ attempt, waitMs, reason });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  return {
    async postGames(games) {
      await send('/api/v2/ingest/games', JSON.stringify(games), 'application/json');
    },
    async postEvents(batch) {
      const ndjson = options.format === 'ndjson';
      const body = ndjson ? `${batch.map(serializeEvent).join('\n')}\n` : JSON.stringify(batch);
      const result = (await send(
        '/api/v2/ingest/events',
        body,
        ndjson ? 'application/x-ndjson' : 'application/json',
      )) as Partial<IngestResult> | undefined;
      return { accepted: result?.accepted ?? 0, duplicates: result?.duplicates ?? 0 };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function describe(status: number, body: unknown, text: string): string {
  const b = body as { message?: unknown; errors?: { index?: number; message?: string; field?: string }[] } | undefined;
  const message = typeof b?.message === 'string' ? b.message : text.slice(0, 200) || 'no message';
  const details = (b?.errors ?? [])
    .slice(0, 5)
    .map((e) =>
      (e.index === undefined ? `${e.field ?? ''} ${e.message ?? ''}` : `#${e.index}: ${e.message ?? ''}`).trim(),
    );
  return `HTTP ${status}: ${message}${details.length ? ` (${details.join('; ')})` : ''}`;
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date. */
export function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function backoff(attempt: number): number {
  return Math.min(15_000, 250 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);
}
