import {
  type ReportPreview,
  SUBSCRIPTION_QUERY_KEY,
  type Subscription,
  type SubscriptionBody,
  toListEnvelope,
} from '@pitboss/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import type { Live } from '../../plugins/live';
import type { OutboxWorker } from '../outbox/outbox.worker';
import * as notifications from './notifications.repository';
import { lastFullPeriod } from './report-schedule';
import { queueReport, scheduleNextReport } from './subscription.channel';
import * as repo from './subscriptions.repository';

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

function view(row: repo.SubscriptionRow): Subscription {
  return {
    ID: row.id,
    Name: row.name,
    Frequency: row.frequency,
    Hour: row.hour,
    WeekDay: row.week_day,
    Mails: row.mails,
    Language: row.language,
    Channel: row.channel,
    Enabled: row.enabled,
    NextSendDate: row.enabled ? iso(row.next_send_at) : null,
    NextPeriodStart: row.enabled ? iso(row.next_period_start) : null,
    NextPeriodEnd: row.enabled ? iso(row.next_period_end) : null,
    LastSentDate: iso(row.last_sent_at),
    CreateDate: new Date(row.created_at).toISOString(),
  };
}

function input(body: z.output<typeof SubscriptionBody>): repo.SubscriptionInput {
  const seen = new Set<string>();
  const mails = body.Mails.filter((m) => {
    const key = m.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    name: body.Name,
    frequency: body.Frequency,
    hour: body.Hour,
    weekDay: body.WeekDay,
    mails,
    language: body.Language,
    channel: body.Channel,
    enabled: body.Enabled,
  };
}

/** Subscribed reports of the working company (issue 23 item 5). */
export class SubscriptionsService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly outbox: OutboxWorker,
    private readonly live: Live,
  ) {}

  async list(auth: AuthContext) {
    const data = (await repo.listSubscriptions(this.db, auth.cid)).map(view);
    return toListEnvelope(data, data.length);
  }

  async add(auth: AuthContext, body: z.output<typeof SubscriptionBody>) {
    const data = await this.db.tx(async (sql) => {
      const row = await repo.insertSubscription(sql, auth.cid, input(body));
      await scheduleNextReport(sql, auth.cid, row, new Date());
      return view((await repo.findSubscription(sql, auth.cid, row.id)) as repo.SubscriptionRow);
    });
    this.changed(auth.cid);
    return { status: 0, data };
  }

  async update(auth: AuthContext, id: number, body: z.output<typeof SubscriptionBody>) {
    const data = await this.db.tx(async (sql) => {
      const row = await repo.updateSubscription(sql, auth.cid, id, input(body));
      if (!row) throw notFound('Subscription');
      await scheduleNextReport(sql, auth.cid, row, new Date());
      return view((await repo.findSubscription(sql, auth.cid, id)) as repo.SubscriptionRow);
    });
    this.changed(auth.cid);
    return { status: 0, data };
  }

  async remove(auth: AuthContext, id: number) {
    if (!(await repo.deleteSubscription(this.db, auth.cid, id))) throw notFound('Subscription');
    this.changed(auth.cid);
    return { status: 0, message: 'Deleted' };
  }

  /** Mails the report of the last full period now (not counted as that period's scheduled report). */
  async sendNow(auth: AuthContext, id: number): Promise<{ status: number; data: ReportPreview }> {
    const data = await this.db.tx(async (sql) => {
      const sub = await repo.findSubscription(sql, auth.cid, id);
      if (!sub) throw notFound('Subscription');
      const { timeZone } = await notifications.companyOf(sql, auth.cid);
      const period = lastFullPeriod(
        { frequency: sub.frequency, hour: sub.hour, weekDay: sub.week_day },
        timeZone,
        new Date(),
      );
      const report = await queueReport(sql, this.config, auth.cid, sub, period, false);
      return {
        Subject: report.subject,
        Text: report.text,
        Html: report.html,
        PeriodStart: period.start.toISOString(),
        PeriodEnd: period.end.toISOString(),
        Recipients: report.recipients,
      };
    });
    this.outbox.wake();
    return { status: 0, data };
  }

  private changed(cid: number): void {
    this.live.publish(cid, { type: 'invalidate', keys: [SUBSCRIPTION_QUERY_KEY], cid });
  }
}
