import { type BlockApiLog, type BlockCallRequest, LIST_QUERY_KEYS, typeNameOf } from '@pitboss/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { OutboundRefusedError, type OutboundRequest, type OutboundUrlCheck } from '../../lib/outbound-url';
import type { Live } from '../../plugins/live';
import { listedSince } from '../blacklist/blacklist.repository';
import { Coalescer } from '../outbox/coalesce';
import type { OutboxItem } from '../outbox/outbox.repository';
import { type DeliveryOutcome, idempotencyKey, type OutboxChannel } from '../outbox/outbox.worker';
import { findApi, findApiAndToken, insertLogs, type NewLogRow } from './block-api.repository';
import { BLOCK_API_CHANNEL, type BlockCallPayload } from './block-calls';

export const BLOCK_CALL_TIMEOUT_MS = 5000;
/** How a cancelled call's detail starts (the outbox records it as failed, not retryable). */
export const CANCELLED = 'Cancelled: ';
const BODY_SNIPPET = 200;

export interface BlockApiChannelOptions {
  db: Database;
  live?: Live;
  log?: FastifyBaseLogger;
  timeoutMs?: number;
  /** The outbound rule: a call to a Url it refuses fails for good (a Url stored before the rule existed). */
  checkUrl?: OutboundUrlCheck;
  /**
   * How calls are made: `outboundFetch` (the rule again with the name resolved, every address checked and
   * the connection made to the checked address). Default: plain `fetch` (no redirects followed).
   */
  fetch?: (url: string, init: OutboundRequest) => Promise<Response>;
}

const cancelled = (why: string): DeliveryOutcome => ({ kind: 'failed', detail: CANCELLED + why, retryable: false });

/** 5xx, 408 (timeout) and 429 (rate limited) are worth trying again; other answers are not. */
function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return `could not connect (${cause.code})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The outbox channel that POSTs lock calls to the platform's block APIs (format: `BlockCallRequest`
 * in the contract). The API's current Url and the current token are read at each attempt, so fixing
 * a wrong Url or token lets queued calls through. Every attempt is written to the block-API log.
 */
export function createBlockApiChannel(options: BlockApiChannelOptions): OutboxChannel<BlockCallPayload> {
  const { db, live } = options;
  const timeoutMs = options.timeoutMs ?? BLOCK_CALL_TIMEOUT_MS;
  // The API's name as read by the attempt, for its log row (`afterAttempt`), by outbox item and attempt.
  const names = new Map<string, string>();
  const attemptKey = (item: OutboxItem) => `${item.cid}:${item.id}:${item.attempts}`;
  // Log rows of calls finishing together are written together; the log screens are told once per write.
  const logs = new Coalescer<NewLogRow>(async (rows) => {
    await insertLogs(db, rows);
    for (const cid of new Set(rows.map((r) => r.cid))) {
      live?.publish(cid, { type: 'invalidate', keys: [LIST_QUERY_KEYS.blockApiLogs], cid });
    }
  });

  async function deliver(item: OutboxItem<BlockCallPayload>): Promise<DeliveryOutcome> {
    const call = item.payload;
    const { api, token } = await findApiAndToken(db, item.cid, call.apiId);
    if (!api) return cancelled('the API was deleted');
    if (names.size > 10_000) names.clear();
    names.set(attemptKey(item), api.Name);
    if (!api.IsLock) return cancelled('IsLock was turned off for this API');
    const refused = options.checkUrl?.(api.Url);
    if (refused) return { kind: 'failed', detail: `Refused: the Url ${refused}; fix the Url`, retryable: false };
    // A call for an alert (notice block setting) locks the member whether or not they are blacklisted.
    if (!call.alert) {
      const since = await listedSince(db, item.cid, call.memberId);
      if (since === undefined) return cancelled('the member was removed from the blacklist before the call was made');
      if (since !== call.blockedAt) return cancelled('the member was removed and added again; the newer entry calls');
    }
    if (!token) {
      return { kind: 'failed', detail: 'no token is set (set it in the block API settings)', retryable: true };
    }
    const key = idempotencyKey(item);
    const body: BlockCallRequest = {
      action: 'lock',
      cid: item.cid,
      memberId: call.memberId,
      eventType: call.eventType,
      typeName: typeNameOf(call.eventType),
      memo: call.memo,
      blockedAt: call.blockedAt,
      idempotencyKey: key,
    };
    try {
      const call =
        options.fetch ?? ((url: string, init: OutboundRequest) => fetch(url, { ...init, redirect: 'manual' }));
      const response = await call(api.Url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': key,
          'user-agent': 'Pitboss block-API caller',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = (await response.text()).replace(/\s+/g, ' ').trim().slice(0, BODY_SNIPPET);
      const status = `HTTP ${response.status}${text ? `: ${text}` : ''}`;
      if (response.ok) return { kind: 'sent', detail: status };
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get('location') ?? '';
        return {
          kind: 'failed',
          detail: `HTTP ${response.status} redirect to ${location}; fix the Url`,
          retryable: false,
        };
      }
      return { kind: 'failed', detail: status, retryable: isRetryableStatus(response.status) };
    } catch (error) {
      if (error instanceof OutboundRefusedError) {
        return { kind: 'failed', detail: `Refused: ${error.message}; fix the Url`, retryable: false };
      }
      return { kind: 'failed', detail: describeError(error, timeoutMs), retryable: true };
    }
  }

  async function afterAttempt(
    item: OutboxItem<BlockCallPayload>,
    outcome: DeliveryOutcome,
    final: boolean,
  ): Promise<void> {
    const { kind, memo } = logEntry(item, outcome, final);
    const key = attemptKey(item);
    let apiName = names.get(key);
    names.delete(key);
    apiName ??= (await findApi(db, item.cid, item.payload.apiId))?.Name;
    await logs.add({
      cid: item.cid,
      memberId: item.payload.memberId,
      apiId: item.payload.apiId,
      apiName: apiName ?? item.payload.apiName,
      outboxId: item.id,
      attempt: item.attempts,
      outcome: kind,
      memo,
    });
    if (kind === 'failed') {
      options.log?.warn(
        { cid: item.cid, memberId: item.payload.memberId, apiId: item.payload.apiId, detail: outcome.detail },
        'block-API call given up',
      );
    }
  }

  return { name: BLOCK_API_CHANNEL, deliver, afterAttempt };
}

/** The log's Outcome and Memo for one attempt. */
export function logEntry(
  item: OutboxItem,
  outcome: DeliveryOutcome,
  final: boolean,
): { kind: BlockApiLog['Outcome']; memo: string } {
  if (outcome.kind === 'sent') return { kind: 'sent', memo: `Sent: ${outcome.detail}` };
  if (outcome.detail.startsWith(CANCELLED)) return { kind: 'cancelled', memo: outcome.detail };
  if (!final) {
    return {
      kind: 'retry',
      memo: `Failed (attempt ${item.attempts} of ${item.max_attempts}), will retry: ${outcome.detail}`,
    };
  }
  return { kind: 'failed', memo: `Failed (attempt ${item.attempts}), given up: ${outcome.detail}` };
}
