import type { MailLogEntry, MailStatus } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { MAIL_CHANNEL } from './enqueue-mail';

/** Mails of a company from the outbox, newest first; never their bodies. */
export async function listMails(
  sql: Sql,
  cid: number,
  options: { status?: MailStatus | undefined; limit: number; offset: number },
): Promise<{ rows: MailLogEntry[]; total: number }> {
  const where = `cid = $1 AND channel = '${MAIL_CHANNEL}' AND ($2::text IS NULL OR status = $2)`;
  const params = [cid, options.status ?? null];
  const [{ rows }, count] = await Promise.all([
    sql.query<MailLogEntry>(
      `SELECT id AS "ID", payload->>'to' AS "To", payload->>'subject' AS "Subject", status AS "Status",
              attempts AS "Attempts", last_error AS "LastError", created_at AS "CreateDate", sent_at AS "SentDate"
         FROM outbox WHERE ${where}
        ORDER BY id DESC LIMIT $3 OFFSET $4`,
      [...params, options.limit, options.offset],
    ),
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE ${where}`, params),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** Puts an unsent or failed mail back in the queue; false when there is no such mail in that state. */
/** Whether the company has a mail of this id (any status). */
export async function mailExists(sql: Sql, cid: number, id: number): Promise<boolean> {
  const { rows } = await sql.query(`SELECT 1 FROM outbox WHERE cid = $1 AND id = $2 AND channel = '${MAIL_CHANNEL}'`, [
    cid,
    id,
  ]);
  return rows.length > 0;
}

export async function requeueMail(sql: Sql, cid: number, id: number): Promise<boolean> {
  const { rowCount } = await sql.query(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = NULL
      WHERE cid = $1 AND id = $2 AND channel = '${MAIL_CHANNEL}' AND status IN ('unsent', 'failed')`,
    [cid, id],
  );
  return (rowCount ?? 0) > 0;
}
