import type { Sql } from '../../db/database';

export interface AuditEntry {
  cid: number;
  aid: number | null;
  account: string | null;
  method: string;
  route: string;
  url: string;
  statusCode: number;
  title: string;
  ip: string;
  target: unknown;
  /** Why a refused or failed call was (`MESSAGE_CODE: message`); null when it succeeded. */
  reason?: string | null;
}

export async function insertAudit(sql: Sql, e: AuditEntry): Promise<void> {
  await sql.query(
    `INSERT INTO audit_log (cid, aid, account, method, route, url, status_code, title, ip, target, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      e.cid,
      e.aid,
      e.account,
      e.method,
      e.route,
      e.url,
      e.statusCode,
      e.title,
      e.ip,
      JSON.stringify(e.target ?? null),
      e.reason ?? null,
    ],
  );
}

export interface AuditRow {
  cid: number;
  aid: number | null;
  account: string | null;
  method: string;
  route: string;
  status_code: number;
  title: string;
  ip: string;
  target: unknown;
  reason: string | null;
  created_at: string;
}

export async function listAudit(sql: Sql, cid: number, limit = 100): Promise<AuditRow[]> {
  const { rows } = await sql.query<AuditRow>(
    `SELECT cid, aid, account, method, route, status_code, title, ip, target, reason, created_at
       FROM audit_log WHERE cid = $1 ORDER BY id DESC LIMIT $2`,
    [cid, limit],
  );
  return rows;
}
