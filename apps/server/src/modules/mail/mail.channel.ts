import { createTransport } from 'nodemailer';
import type { Config } from '../../config';
import type { OutboxItem } from '../outbox/outbox.repository';
import { type DeliveryOutcome, idempotencyKey, type OutboxChannel } from '../outbox/outbox.worker';
import { MAIL_CHANNEL, type MailPayload } from './enqueue-mail';

type Transport = ReturnType<typeof createTransport>;

/** SMTP answers 5xx for what retrying cannot fix (unknown mailbox, refused sender…). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Strips credentials from an error message before it reaches the delivery log. */
function describe(error: unknown): string {
  const e = error as { message?: string; responseCode?: number; code?: string };
  const text = (e.message ?? String(error)).replace(/\/\/[^@\s/]*@/g, '//***@');
  return [e.code, e.responseCode, text].filter((x) => x !== undefined && x !== '').join(' ');
}

/**
 * The `mail` outbox channel: nodemailer over `SMTP_URL`, read at each send so a changed setting (in
 * tests) takes effect. Without it, mails are marked `unsent` and stay in the delivery log.
 */
export class MailChannel implements OutboxChannel<MailPayload> {
  readonly name = MAIL_CHANNEL;
  private transport: { url: string; mailer: Transport } | undefined;

  constructor(private readonly config: Config) {}

  async deliver(item: OutboxItem<MailPayload>): Promise<DeliveryOutcome> {
    const url = this.config.smtpUrl;
    if (!url) return { kind: 'unsent', detail: 'No SMTP server is configured (set SMTP_URL)' };
    const mail = item.payload;
    try {
      const info = await this.mailer(url).sendMail({
        from: this.config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        // A resend after a crash carries the same Message-ID, so mail systems can drop the copy.
        messageId: `<${idempotencyKey(item)}@pitboss>`,
      });
      return { kind: 'sent', detail: String(info.response ?? 'accepted').slice(0, 500) };
    } catch (error) {
      return { kind: 'failed', detail: describe(error), retryable: !isPermanent(error) };
    }
  }

  close(): void {
    this.transport?.mailer.close();
    this.transport = undefined;
  }

  private mailer(url: string): Transport {
    if (this.transport?.url !== url) {
      this.transport?.mailer.close();
      this.transport = {
        url,
        // Short timeouts: a stalled server must not hold the outbox lease (120 s) for long.
        mailer: createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }),
      };
    }
    return this.transport.mailer;
  }
}
