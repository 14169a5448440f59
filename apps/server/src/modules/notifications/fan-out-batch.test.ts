import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sql } from '../../db/database';
import { describeEachDatabase } from '../../testing/test-app';
import { type AlertNotice, type AlertNotificationTarget, AlertNotifier } from '../alerting/alert-notifier';
import { blockTarget, mailTarget, smsTarget, telegramTarget } from './notice-targets';

/**
 * The fan-out's batch lane (`enqueueBatch` of every target) must queue exactly what the targets queue one
 * notice at a time: the same outbox items, delivery-log rows and digest entries, the storm limit applied in
 * the same order, nothing queued twice for a notice fanned out before.
 */
const CID = 1;

function notice(i: number, overrides: Partial<AlertNotice> = {}): AlertNotice {
  return {
    kind: 'player',
    alertId: 900_000 + i,
    eventId: 5,
    eventName: 'Store',
    eventType: 5,
    typeName: 'Store',
    level: 1,
    previousLevel: null,
    subject: { kind: 'member', id: `fb-m-${i}` },
    memberIds: [`fb-m-${i}`],
    value: 10_000,
    threshold: 5_000,
    windowStart: '2026-11-25T00:00:00.000Z',
    windowEnd: '2026-11-25T01:00:00.000Z',
    happenedAt: '2026-11-25T01:00:00.000Z',
    detectedAt: '2026-11-25T01:00:01.000Z',
    path: `/monitor/alert-events?alert=${900_000 + i}`,
    ...overrides,
  };
}

class Rollback extends Error {
  constructor(readonly result: unknown) {
    super('rollback');
  }
}

describeEachDatabase('notification fan-out in batches', (t) => {
  let targets: AlertNotificationTarget[];
  let mark = 0;

  beforeAll(async () => {
    t.app.config.notifyPerMinute = 3;
    targets = [mailTarget(t.app.config), blockTarget(), telegramTarget(t.app.config), smsTarget(t.app.config)];
    await t.db.query(
      `INSERT INTO notice_mail_config (cid, event_id, level, mail) VALUES
         (1, 5, 1, 'fb-a@example.com'), (1, 5, 1, 'fb-b@example.com'), (1, 5, 2, 'fb-b@example.com'),
         (1, 6, 1, 'fb-c@example.com')`,
    );
    await t.db.query(`INSERT INTO notice_sms_config (cid, event_id, level, mobile) VALUES (1, 5, 2, '+15550100')`);
    const api = await t.db.query<{ api_id: number }>(
      `INSERT INTO block_api (cid, name, is_lock, url) VALUES (1, 'fb-lock', true, 'http://127.0.0.1:9/lock') RETURNING api_id`,
    );
    const off = await t.db.query<{ api_id: number }>(
      `INSERT INTO block_api (cid, name, is_lock, url) VALUES (1, 'fb-off', false, 'http://127.0.0.1:9/off') RETURNING api_id`,
    );
    await t.db.query(
      `INSERT INTO notice_block_setting (cid, event_id, level, api_id) VALUES (1, 5, 1, $1), (1, 5, 2, $1), (1, 5, 1, $2), (1, 8, 1, $1)`,
      [api.rows[0]?.api_id, off.rows[0]?.api_id],
    );
    await t.db.query(`INSERT INTO notice_telegram_bot (cid, token, enabled) VALUES (1, '123456:abcdefghij', true)`);
    await t.db.query(
      `INSERT INTO notice_telegram_chat (cid, chat_id, language, event_ids, levels) VALUES
         (1, '-100200', 'en', '{5}', '{2}'), (1, '@fb-channel', 'zh-CN', '{5,6}', '{1,2,3}')`,
    );
    mark = (await t.db.query<{ id: number }>('SELECT COALESCE(max(id), 0)::bigint AS id FROM outbox')).rows[0]?.id ?? 0;
  });
  afterAll(() => {
    t.app.config.notifyPerMinute = 10;
  });

  /** What a fan-out queued (outbox items, delivery-log rows, digest entries), without ids and times. */
  async function queued(sql: Sql) {
    const outbox = await sql.query<{ channel: string; dedupe_key: string; payload: unknown; max_attempts: number }>(
      `SELECT channel, regexp_replace(dedupe_key, '\\d{4}-\\d\\d-\\d\\dT[^ ]*Z', 'BUCKET') AS dedupe_key,
              CASE WHEN channel = 'notify-digest' THEN payload - 'bucket' ELSE payload END AS payload, max_attempts
         FROM outbox WHERE id > $1 ORDER BY channel, dedupe_key`,
      [mark],
    );
    const deliveries = await sql.query(
      `SELECT d.channel, d.target, d.recipient, d.event_id, d.event_name, d.level, d.alert_kind, d.alert_id::int,
              d.alert_path, d.digest, o.dedupe_key
         FROM notification_delivery d JOIN outbox o ON o.cid = d.cid AND o.id = d.outbox_id
        WHERE d.outbox_id > $1 ORDER BY o.channel, o.dedupe_key`,
      [mark],
    );
    const digest = await sql.query(
      `SELECT recipient, notice_key, language, notice FROM notification_digest_entry ORDER BY recipient, notice_key`,
    );
    return { outbox: outbox.rows, deliveries: deliveries.rows, digest: digest.rows };
  }

  /** Fans `earlier` out one by one, then `notices` one by one or as one batch; answers what was queued. */
  async function fanOut(earlier: AlertNotice[], notices: AlertNotice[], batch: boolean) {
    try {
      await t.db.tx(async (sql) => {
        const counts: number[][] = [];
        for (const n of earlier) for (const target of targets) await target.enqueue(sql, CID, n);
        for (const target of targets) {
          if (batch)
            counts.push(await (target.enqueueBatch as NonNullable<typeof target.enqueueBatch>)(sql, CID, notices));
          else {
            const one: number[] = [];
            for (const n of notices) one.push(await target.enqueue(sql, CID, n));
            counts.push(one);
          }
        }
        throw new Rollback({ counts, ...(await queued(sql)) });
      });
    } catch (error) {
      if (error instanceof Rollback) return error.result as Awaited<ReturnType<typeof queued>> & { counts: number[][] };
      throw error;
    }
    throw new Error('unreachable');
  }

  it('queues the same deliveries as one notice at a time, storm limit and repeats included', async () => {
    const notices = [
      ...Array.from({ length: 7 }, (_, i) => notice(i)),
      notice(7, { level: 2, previousLevel: 1, alertId: 900_000 }),
      notice(8, { eventId: 6, eventName: 'Other', eventType: 6, typeName: 'Other' }),
      notice(9, { kind: 'game', eventId: 8, eventType: 8, subject: { kind: 'game', id: 'g-1' }, memberIds: [] }),
      notice(10, { eventId: 7, eventName: 'Unconfigured' }),
      notice(11, { subject: { kind: 'members', id: 'fb-x, fb-y' }, memberIds: ['fb-x', 'fb-y'] }),
    ];
    // Two of them were fanned out before (a fan-out repeated after a crash): nothing of theirs twice.
    const earlier = [notices[0] as AlertNotice, notices[8] as AlertNotice];
    const one = await fanOut(earlier, notices, false);
    const batch = await fanOut(earlier, notices, true);
    expect(batch).toEqual(one);
    // The storm limit (3 a minute here) held the rest for the recipients' digests.
    const singles = one.deliveries.filter((d) => (d as { recipient: string }).recipient === 'fb-a@example.com');
    expect(singles).toHaveLength(3);
    expect(one.digest.filter((d) => (d as { recipient: string }).recipient === 'fb-a@example.com')).toHaveLength(5);
    expect(one.digest.filter((d) => (d as { recipient: string }).recipient === 'fb-b@example.com')).toHaveLength(6);
    expect(one.outbox.filter((o) => o.channel === 'notify-digest')).toHaveLength(2);
    expect(one.outbox.filter((o) => o.channel === 'block-api')).toHaveLength(10);
    expect(one.outbox.filter((o) => o.channel === 'telegram')).toHaveLength(11);
    expect(one.outbox.filter((o) => o.channel === 'sms')).toHaveLength(1);
    expect(one.counts[0]?.[9]).toBe(0);
    expect(one.counts[1]?.[0]).toBe(0);
  });

  it('fans a batch out through the alert channel in one pass, each item sent with what it queued', async () => {
    const notifier = new AlertNotifier(t.db);
    for (const target of targets) notifier.addTarget(target);
    const items = [notice(20), notice(21, { eventId: 7 })].map((payload, i) => ({
      cid: CID,
      id: 1_000_000 + i,
      channel: 'alert',
      dedupe_key: null,
      payload,
      status: 'sending' as const,
      attempts: 1,
      max_attempts: 8,
      created_at: new Date().toISOString(),
    }));
    const outcomes = await notifier.deliverBatch(items);
    expect(outcomes[0]).toEqual({
      kind: 'sent',
      detail: expect.stringMatching(/^queued mail ×\d, block-api ×1, telegram ×1$/),
    });
    expect(outcomes[1]).toEqual({ kind: 'sent', detail: 'no notification settings match' });
  });
});
