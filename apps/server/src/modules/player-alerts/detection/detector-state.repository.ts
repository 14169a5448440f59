import type { Sql } from '../../../db/database';
import { cidLiteral } from '../../../db/sql';

/** The company's detector row (`player_alert_detector`) as it was before this batch. */
export interface DetectorState {
  batchToken: string | null;
  /** Newest event time ingested before this batch, epoch ms; null when none was recorded. */
  newestMs: number | null;
  rulesVersion: number;
  exemptionsVersion: number;
}

/**
 * Reads the company's detector row as the previous batch left it, in the ingest transaction's first
 * round trip, under the company's ingest lock (values as literals: it is sent with other statements).
 * A process whose engine did not write the token it finds must rebuild the engine (another process
 * ingested, or its own last batch rolled back).
 */
export function readStateStatement(cid: number): string {
  return `SELECT batch_token, floor(extract(epoch FROM newest_at) * 1000)::float8 AS newest_ms,
            rules_version, exemptions_version
       FROM player_alert_detector WHERE cid = ${cidLiteral(cid)}`;
}

export interface DetectorStateRow {
  batch_token: string | null;
  newest_ms: number | null;
  rules_version: number;
  exemptions_version: number;
}

/** The state a `readStateStatement` answered (no row yet: nothing ingested, versions 0). */
export function stateOf(row: DetectorStateRow | undefined): DetectorState {
  return {
    batchToken: row?.batch_token ?? null,
    newestMs: row?.newest_ms ?? null,
    rulesVersion: row?.rules_version ?? 0,
    exemptionsVersion: row?.exemptions_version ?? 0,
  };
}

/**
 * Writes the batch's token and newest event time, in the ingest transaction, under the company's
 * ingest lock (the only writer of these two columns).
 */
export async function writeBatchToken(sql: Sql, cid: number, token: string, newestMs: number): Promise<void> {
  await sql.query(
    `INSERT INTO player_alert_detector AS d (cid, batch_token, newest_at) VALUES ($1, $2, $3)
     ON CONFLICT (cid) DO UPDATE SET batch_token = EXCLUDED.batch_token,
       newest_at = GREATEST(d.newest_at, EXCLUDED.newest_at), updated_at = now()`,
    [cid, token, new Date(newestMs).toISOString()],
  );
}

/** Rules of the company changed (in the caller's transaction): every process reloads them before its next batch. */
export async function markRulesChanged(sql: Sql, cid: number): Promise<void> {
  await sql.query(
    `INSERT INTO player_alert_detector AS d (cid, rules_version) VALUES ($1, 1)
     ON CONFLICT (cid) DO UPDATE SET rules_version = d.rules_version + 1, updated_at = now()`,
    [cid],
  );
}

/** The whitelists of the company changed (in the caller's transaction): every process reloads them before its next batch. */
export async function markExemptionsChanged(sql: Sql, cid: number): Promise<void> {
  await sql.query(
    `INSERT INTO player_alert_detector AS d (cid, exemptions_version) VALUES ($1, 1)
     ON CONFLICT (cid) DO UPDATE SET exemptions_version = d.exemptions_version + 1, updated_at = now()`,
    [cid],
  );
}
