import type { Sql } from '../../db/database';
import type { StoredBatch } from './stored-batch';

/**
 * A step of ingestion that runs inside the event store's transaction, after the batch's rows (event tables,
 * ledger, members, rollups) are written: the detectors. It sees only the events this batch newly stored,
 * each exactly once. Throwing rolls the whole batch back (the sender gets a 5xx and resends). Never
 * await a pool query inside: use `sql`, the transaction.
 */
export interface EventProcessor {
  readonly name: string;
  /**
   * A read of the processor's own state, sent in the transaction's first round trip right after the
   * company's lock is taken (values as literals: no `$n` parameters). Its rows reach `process`.
   */
  readAtLock?(cid: number): string;
  /**
   * Its statements run after the batch's event rows, ledger, members and member rollups (statements on
   * `sql` run in the order sent); the game and IP rollups follow it, with COMMIT.
   */
  process(sql: Sql, batch: StoredBatch, atLock: readonly Record<string, unknown>[]): Promise<void>;
  /**
   * After commit, once the batch's calls are answered (websocket pushes, wake-ups): the answers do not
   * wait for it. Processors' `afterCommit` run in turn, a synchronous one at once. Failures are logged;
   * the batch stays stored.
   */
  afterCommit?(batch: StoredBatch): void | Promise<void>;
}
