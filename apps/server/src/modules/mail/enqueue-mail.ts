import type { Sql } from '../../db/database';
import { enqueue } from '../outbox/outbox.repository';

export const MAIL_CHANNEL = 'mail';

/** What the outbox keeps for one mail (the `mail` channel sends it). */
export interface MailPayload {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface NewMail extends MailPayload {
  /** The company whose delivery log shows the mail. */
  cid: number;
  /** Enqueueing the same key twice (per company) keeps the first. */
  dedupeKey?: string;
}

/**
 * Queues a mail in the caller's transaction: it is sent after the commit, retried on failure, and kept
 * as `unsent` when no SMTP server is configured. Call `app.outbox.wake()` after the commit to send
 * it at once. Answers the outbox id, or undefined when the dedupe key was already used.
 */
export async function enqueueMail(sql: Sql, mail: NewMail): Promise<number | undefined> {
  const payload: MailPayload = { to: mail.to, subject: mail.subject, text: mail.text };
  if (mail.html !== undefined) payload.html = mail.html;
  const [id] = await enqueue(sql, [
    { cid: mail.cid, channel: MAIL_CHANNEL, payload, ...(mail.dedupeKey ? { dedupeKey: mail.dedupeKey } : {}) },
  ]);
  return id;
}
