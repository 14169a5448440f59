import { z } from 'zod';
import { Ack } from '../common/ack';
import { defineEndpoint } from '../common/endpoint';
import { listEnvelope, PageQuery } from '../common/envelope';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'unsent'] as const;
export const MailStatus = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof MailStatus>;

/** One mail of the delivery log. The body is never shown: it may hold a reset or registration link. */
export const MailLogEntry = z.object({
  ID: z.number(),
  To: z.string(),
  Subject: z.string(),
  Status: MailStatus.describe('unsent: no SMTP server was configured; failed: gave up after retries'),
  Attempts: z.number(),
  LastError: z.string().nullable(),
  CreateDate: z.string(),
  SentDate: z.string().nullable(),
});
export type MailLogEntry = z.infer<typeof MailLogEntry>;

export const listMailLog = defineEndpoint({
  method: 'GET',
  path: '/api/v2/system/mail-log',
  summary: "The working company's outgoing mails and their delivery status, newest first",
  tag: 'mail',
  access: 'admin',
  querystring: PageQuery.extend({ Status: MailStatus.optional() }),
  response: listEnvelope(MailLogEntry),
});

export const resendMail = defineEndpoint({
  method: 'POST',
  path: '/api/v2/system/mail-log/:ID/resend',
  summary: 'Queue an unsent or failed mail again (after SMTP_URL is set, say)',
  tag: 'mail',
  access: 'admin',
  params: z.object({ ID: z.coerce.number().int().positive() }),
  response: Ack,
});
