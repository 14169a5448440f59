import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MailChannel } from './mail.channel';
import { mailRoutes } from './mail.routes';
import { MailService } from './mail.service';
import { publicBaseUrl } from './public-url';

/** The `mail` outbox channel (SMTP) and the delivery log. Other modules queue mails with `enqueueMail`. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, log } = app;
    const channel = new MailChannel(config);
    app.outbox.register(channel);
    app.addHook('onClose', async () => channel.close());
    if (!config.smtpUrl) log.info('SMTP_URL is not set: mails are kept unsent in the delivery log');
    if (!config.publicUrl) log.warn(`PITBOSS_PUBLIC_URL is not set: links in mails point to ${publicBaseUrl(config)}`);
    mailRoutes(app, new MailService(app.db, app.outbox));
  },
  { name: 'mail', dependencies: ['core', 'authentication', 'outbox'] },
);
