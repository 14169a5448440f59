import type { Config } from '../../config';
import type { Database, Sql } from '../../db/database';
import { publicBaseUrl } from '../mail/public-url';
import { enqueue, type OutboxItem } from '../outbox/outbox.repository';
import type { DeliveryOutcome, OutboxChannel } from '../outbox/outbox.worker';
import * as notifications from './notifications.repository';
import { reportMail } from './report-mail';
import { nextRun, type ReportRun } from './report-schedule';
import * as repo from './subscriptions.repository';

/** The outbox channel that holds the schedule of subscribed reports: one item per subscription, version, period. */
export const REPORT_CHANNEL = 'notify-report';

export interface ReportPayload {
  subscriptionId: number;
  version: number;
  sendAt: string;
  periodStart: string;
  periodEnd: string;
}

export interface QueuedReport {
  subject: string;
  text: string;
  html: string;
  recipients: string[];
}

function schedule(sub: repo.SubscriptionRow) {
  return { frequency: sub.frequency, hour: sub.hour, weekDay: sub.week_day };
}

/**
 * Queues the next report of the subscription (due after `after`) in the caller's transaction, keyed by
 * subscription, version and period so that two processes (or a repeated attempt) queue it once.
 */
export async function scheduleNextReport(
  sql: Sql,
  cid: number,
  sub: repo.SubscriptionRow,
  after: Date,
): Promise<ReportRun | null> {
  if (!sub.enabled) {
    await repo.setNextRun(sql, cid, sub.id, null);
    return null;
  }
  const { timeZone } = await notifications.companyOf(sql, cid);
  const run = nextRun(schedule(sub), timeZone, after);
  const payload: ReportPayload = {
    subscriptionId: sub.id,
    version: sub.version,
    sendAt: run.sendAt.toISOString(),
    periodStart: run.periodStart.toISOString(),
    periodEnd: run.periodEnd.toISOString(),
  };
  await enqueue(sql, [
    {
      cid,
      channel: REPORT_CHANNEL,
      payload,
      dedupeKey: `report:${sub.id}:v${sub.version}:${payload.periodStart}`,
      notBefore: run.sendAt,
      maxAttempts: 20,
    },
  ]);
  await repo.setNextRun(sql, cid, sub.id, run);
  return run;
}

/**
 * Queues the report of [start, end) as one mail per recipient, in the subscription's language or else the
 * recipient's own (zh when unknown), with its row in the delivery log. With `periodKey` the mails are keyed
 * by subscription, period and address: the period is mailed once whatever happens (a retry, a second
 * process, a schedule edited after the report went out). Without it ("send now") every call sends.
 */
export async function queueReport(
  sql: Sql,
  config: Config,
  cid: number,
  sub: repo.SubscriptionRow,
  period: { start: Date; end: Date },
  periodKey: boolean,
): Promise<QueuedReport> {
  const company = await notifications.companyOf(sql, cid);
  const figures = await repo.reportFigures(sql, cid, period.start.toISOString(), period.end.toISOString());
  const languages = sub.language ? new Map() : await repo.languagesOf(sql, sub.mails);
  const bodies = new Map<string, ReturnType<typeof reportMail>>();
  let first: QueuedReport | undefined;
  for (const mail of sub.mails) {
    const language = sub.language ?? languages.get(mail.toLowerCase()) ?? 'zh';
    let body = bodies.get(language);
    if (!body) {
      body = reportMail(
        {
          language,
          product: config.title,
          company: company.name,
          timeZone: company.timeZone,
          baseUrl: publicBaseUrl(config),
          name: sub.name,
          frequency: sub.frequency,
          periodStart: period.start,
          periodEnd: period.end,
        },
        figures,
      );
      bodies.set(language, body);
    }
    first ??= { subject: body.subject, text: body.text, html: body.html ?? '', recipients: sub.mails };
    const key = periodKey ? `report:${sub.id}:${period.start.toISOString()}:${mail.toLowerCase()}` : undefined;
    const [outboxId] = await enqueue(sql, [
      { cid, channel: 'mail', payload: { to: mail, ...body }, ...(key ? { dedupeKey: key } : {}) },
    ]);
    if (outboxId !== undefined) {
      await notifications.insertDelivery(sql, {
        cid,
        outboxId,
        channel: 'Email',
        target: mail,
        recipient: mail.toLowerCase(),
        eventName: body.subject,
      });
    }
  }
  return first ?? { subject: '', text: '', html: '', recipients: [] };
}

/**
 * Due at the report's time: queues the report mails of the period and the next period's item. An item of
 * an older version (the subscription changed or was deleted or disabled since) queues nothing. A report
 * due while the server was down is delivered once it runs again; the next item follows the period just
 * sent, so every missed period is mailed once, in order.
 */
export function createReportChannel(db: Database, config: Config): OutboxChannel<ReportPayload> {
  return {
    name: REPORT_CHANNEL,
    async deliver(item: OutboxItem<ReportPayload>): Promise<DeliveryOutcome> {
      const p = item.payload;
      const detail = await db.tx(async (sql) => {
        const sub = await repo.findSubscription(sql, item.cid, p.subscriptionId, true);
        if (!sub || sub.version !== p.version || !sub.enabled) return 'subscription changed since: skipped';
        const report = await queueReport(
          sql,
          config,
          item.cid,
          sub,
          { start: new Date(p.periodStart), end: new Date(p.periodEnd) },
          true,
        );
        await repo.markReportQueued(sql, item.cid, sub.id, p.periodStart);
        await scheduleNextReport(sql, item.cid, sub, new Date(p.sendAt));
        return `queued the report to ${report.recipients.length} recipients`;
      });
      return { kind: 'sent', detail };
    },
  };
}
