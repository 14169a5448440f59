import { z } from 'zod';
import { Ack } from '../common/ack.schemas';
import { listEnvelope, PageQuery } from '../common/envelope.schemas';
import { MAIL_STATUSES } from './mail';

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

/** The schemas of the endpoints of `mail.api.ts`. */
export const mailIo = {
  listMailLog: {
    querystring: PageQuery.extend({ Status: MailStatus.optional() }),
    response: listEnvelope(MailLogEntry),
  },
  resendMail: { params: z.object({ ID: z.coerce.number().int().positive() }), response: Ack },
};
