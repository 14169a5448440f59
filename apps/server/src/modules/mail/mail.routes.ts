import { listMailLog, resendMail } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { MailService } from './mail.service';

/** The delivery log calls. */
export function mailRoutes(app: FastifyInstance, service: MailService): void {
  registerEndpoint(app, listMailLog, ({ auth, query }) => service.list(auth, query));

  registerEndpoint(app, resendMail, async ({ auth, params }) => {
    await service.resend(auth, params.ID);
    return { status: 0, message: 'Queued' };
  });
}
