import type { Config } from '../../config';
import type { OutboxItem } from '../outbox/outbox.repository';
import { type DeliveryOutcome, idempotencyKey, type OutboxChannel } from '../outbox/outbox.worker';

export const SMS_CHANNEL = 'sms';
export const SMS_TIMEOUT_MS = 10_000;
/** Longest SMS text sent (a few concatenated parts). */
export const SMS_MAX_TEXT = 480;

export interface SmsPayload {
  to: string;
  text: string;
}

function authorization(token: string, format: Config['sms']['format']): string | undefined {
  if (!token) return undefined;
  if (format === 'twilio' && token.includes(':')) return `Basic ${Buffer.from(token).toString('base64')}`;
  return `Bearer ${token}`;
}

/**
 * The `sms` outbox channel: posts each SMS to the configured gateway (`SMS_GATEWAY_URL`, read at each send),
 * as a Twilio-compatible form or a plain JSON body, with an Idempotency-Key. Without a gateway the SMS is
 * kept `unsent` in the delivery log. 429, 408 and 5xx, timeouts and refused connections are retried.
 */
export function createSmsChannel(config: Config): OutboxChannel<SmsPayload> {
  return {
    name: SMS_CHANNEL,
    async deliver(item: OutboxItem<SmsPayload>): Promise<DeliveryOutcome> {
      const { url, token, format, from } = config.sms;
      if (!url) return { kind: 'unsent', detail: 'No SMS gateway is configured (set SMS_GATEWAY_URL)' };
      const text = item.payload.text.slice(0, SMS_MAX_TEXT);
      const auth = authorization(token, format);
      const headers: Record<string, string> = {
        'idempotency-key': idempotencyKey(item),
        'user-agent': 'Pitboss notifications',
        ...(auth ? { authorization: auth } : {}),
      };
      let body: string;
      if (format === 'twilio') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        const form = new URLSearchParams({ To: item.payload.to, Body: text });
        if (from) form.set('From', from);
        body = form.toString();
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify({ to: item.payload.to, ...(from ? { from } : {}), text });
      }
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
        const answer = (await response.text()).replace(/\s+/g, ' ').trim().slice(0, 200);
        const detail = `HTTP ${response.status}${answer ? `: ${answer}` : ''}`;
        if (response.ok) return { kind: 'sent', detail };
        const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
        return { kind: 'failed', detail, retryable };
      } catch (error) {
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
          return { kind: 'failed', detail: `no answer within ${SMS_TIMEOUT_MS / 1000} s`, retryable: true };
        }
        const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
        return {
          kind: 'failed',
          detail: cause?.code ? `could not connect (${cause.code})` : String((error as Error).message ?? error),
          retryable: true,
        };
      }
    },
  };
}
