import { type ListEnvelope, type MailLogEntry, type MailStatus, toListEnvelope } from '@pitboss/contract';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import type { OutboxWorker } from '../outbox/outbox.worker';
import * as repo from './mail.repository';

/** The delivery log of the company's mails, and sending one again. */
export class MailService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Pick<OutboxWorker, 'wake'>,
  ) {}

  async list(
    auth: AuthContext,
    query: { Status?: MailStatus | undefined; page: number; pageSize: number },
  ): Promise<ListEnvelope<MailLogEntry>> {
    const { rows, total } = await repo.listMails(this.db, auth.cid, { status: query.Status, ...pageWindow(query) });
    return toListEnvelope(rows, total);
  }

  /** Queues an unsent or failed mail of the company again. */
  async resend(auth: AuthContext, id: number): Promise<void> {
    if (!(await repo.requeueMail(this.db, auth.cid, id))) {
      // Another company's mail, like one that does not exist, is unknown here.
      if (!(await repo.mailExists(this.db, auth.cid, id))) throw notFound(`Mail ${id}`);
      throw new AppError(
        409,
        'MAIL_NOT_RESENDABLE',
        `Mail ${id}: only an unsent or failed mail of this company can be sent again`,
      );
    }
    this.outbox.wake();
  }
}
