import { listMailLog, resendMail, toListEnvelope } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { MailChannel } from './mail.channel';
import * as repo from './mail.repository';
import { publicBaseUrl } from './public-url';

/** Registers the `mail` outbox channel and the delivery log calls. */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, outbox, log } = app.ctx;
  const channel = new MailChannel(config);
  outbox.register(channel);
  app.addHook('onClose', async () => channel.close());
  if (!config.smtpUrl) log.info('SMTP_URL is not set: mails are kept unsent in the delivery log');
  if (!config.publicUrl) log.warn(`PITBOSS_PUBLIC_URL is not set: links in mails point to ${publicBaseUrl(config)}`);

  registerEndpoint(app, listMailLog, async ({ auth, query }) => {
    const { rows, total } = await repo.listMails(db, auth.cid, {
      status: query.Status,
      ...pageWindow(query),
    });
    return toListEnvelope(rows, total);
  });

  registerEndpoint(app, resendMail, async ({ auth, params }) => {
    if (!(await repo.requeueMail(db, auth.cid, params.ID))) {
      throw new AppError(
        409,
        'MAIL_NOT_RESENDABLE',
        `Mail ${params.ID}: only an unsent or failed mail of this company can be sent again`,
      );
    }
    outbox.wake();
    return { status: 0, message: 'Queued' };
  });
}
