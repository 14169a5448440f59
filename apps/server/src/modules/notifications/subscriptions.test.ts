import type { Delivery, Subscription } from '@pitboss/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertAlerts, makeAlert } from '../../testing/alerts';
import { drainOutbox } from '../../testing/session';
import { type SmtpSink, startSmtpSink } from '../../testing/smtp-sink';
import { describeEachDatabase } from '../../testing/test-app';
import { addUser, tokenFor } from '../../testing/users';

const SUBS = '/api/v2/notification/subscriptions';
const PUBLIC_URL = 'https://risk.example.com';
const HOUR = 3_600_000;
const TAIPEI = 8 * HOUR;

describeEachDatabase(
  'subscribed reports',
  (t) => {
    let sink: SmtpSink;
    let admin: string;
    let editor: string;
    let viewer: string;
    let mailUser: string;

    const list = async (): Promise<Subscription[]> =>
      (await t.call({ method: 'GET', url: SUBS, token: admin })).json().data.recordset;
    const reportItems = async () =>
      (
        await t.db.query<{ id: number; status: string; next_attempt_at: string; payload: { version: number } }>(
          `SELECT id, status, next_attempt_at, payload FROM outbox WHERE cid = 1 AND channel = 'notify-report' ORDER BY id`,
        )
      ).rows;
    const reportsTo = (address: string, word: string) =>
      sink.mails.filter((m) => m.to.includes(address) && m.subject.includes(word));

    beforeAll(async () => {
      sink = await startSmtpSink();
      t.app.config.smtpUrl = sink.url;
      admin = await t.login();
      editor = await tokenFor(t, 's-editor', 'editor');
      viewer = await tokenFor(t, 's-viewer', 'viewer');
      mailUser = await tokenFor(t, 's-mail', 'viewer');
      await t.db.query(
        `UPDATE company_user SET role = 'mail' WHERE aid = (SELECT aid FROM app_user WHERE account = 's-mail')`,
      );
      await addUser(t.db, 's-english', 'mail', 1, { mail: 'Report.Reader@example.com' });
      await t.db.query(`UPDATE app_user SET language = 'en' WHERE account = 's-english'`);
      await t.db.query(`UPDATE company SET time_zone = 'Asia/Taipei' WHERE cid = 1`);
    });
    afterAll(async () => {
      t.app.config.smtpUrl = undefined;
      await sink.close();
    });

    const daily = {
      Name: 'Morning summary',
      Frequency: 'daily',
      Hour: 8,
      Mails: ['report.reader@example.com', 'stranger@example.com'],
    };

    it('is for admin and editor: viewer and Mail get 403', async () => {
      for (const token of [viewer, mailUser]) {
        for (const [method, url, payload] of [
          ['GET', SUBS, undefined],
          ['POST', SUBS, daily],
          ['PUT', `${SUBS}/1`, daily],
          ['DELETE', `${SUBS}/1`, undefined],
          ['POST', `${SUBS}/1/send-now`, undefined],
        ] as const) {
          expect((await t.call({ method, url, token, payload })).statusCode, `${method} ${url}`).toBe(403);
        }
      }
      const res = await t.call({ method: 'GET', url: SUBS, token: editor });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.recordset).toEqual([]);
    });

    it('refuses bad input with a 400 naming the field, changing nothing', async () => {
      for (const [payload, field] of [
        [{ ...daily, Mails: ['not-an-address'] }, 'Mails[0]'],
        [{ ...daily, Mails: [] }, 'Mails'],
        [{ ...daily, Hour: 24 }, 'Hour'],
        [{ ...daily, Frequency: 'hourly' }, 'Frequency'],
        [{ ...daily, WeekDay: 0 }, 'WeekDay'],
        [{ ...daily, Language: 'fr' }, 'Language'],
        [{ ...daily, Channel: 'Pigeon' }, 'Channel'],
        [{ ...daily, Name: ' ' }, 'Name'],
      ] as const) {
        const res = await t.call({ method: 'POST', url: SUBS, token: admin, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      expect(await list()).toEqual([]);
      expect(await reportItems()).toEqual([]);
      expect((await t.call({ method: 'PUT', url: `${SUBS}/999`, token: admin, payload: daily })).statusCode).toBe(404);
      expect((await t.call({ method: 'DELETE', url: `${SUBS}/999`, token: admin })).statusCode).toBe(404);
      expect((await t.call({ method: 'POST', url: `${SUBS}/999/send-now`, token: admin })).statusCode).toBe(404);
    });

    it('sends the report at its hour in the company zone, each period once (restart, retry, a second worker)', async () => {
      const res = await t.call({ method: 'POST', url: SUBS, token: editor, payload: daily });
      expect(res.statusCode, res.body).toBe(200);
      const sub: Subscription = res.json().data;
      expect(sub).toMatchObject({ Frequency: 'daily', Hour: 8, WeekDay: 1, Language: null, Channel: 'Email' });
      // Next send: 08:00 Taipei (00:00Z), within a day; covering the Taipei day before it.
      const sendAt = Date.parse(sub.NextSendDate as string);
      expect(sendAt).toBeGreaterThan(Date.now());
      expect(sendAt - Date.now()).toBeLessThanOrEqual(24 * HOUR);
      expect(new Date(sendAt + TAIPEI).getUTCHours()).toBe(8);
      const start = Date.parse(sub.NextPeriodStart as string);
      expect(Date.parse(sub.NextPeriodEnd as string) - start).toBe(24 * HOUR);
      expect(new Date(start + TAIPEI).getUTCHours()).toBe(0);
      const [item] = await reportItems();
      expect(item?.status).toBe('pending');
      expect(Date.parse(item?.next_attempt_at as string)).toBe(sendAt);

      // What the period holds: three alerts of two members, one outside the period; bets of a game.
      const inPeriod = new Date(Math.min(start + 60_000, Date.now() - 1000)).toISOString();
      await insertAlerts(t, 1, [
        makeAlert({ subject: { kind: 'member', id: 'm-report-1' }, at: inPeriod, level: 1 }),
        makeAlert({ subject: { kind: 'member', id: 'm-report-2' }, at: inPeriod, level: 2 }),
        makeAlert({ subject: { kind: 'member', id: 'm-report-2' }, at: inPeriod, level: 2, ruleId: 2 }),
        makeAlert({ subject: { kind: 'member', id: 'm-report-old' }, at: new Date(start - 60_000).toISOString() }),
      ]);
      await t.db.query(
        `INSERT INTO game_hour (cid, game_id, hour, bets, stake, payout, stake_base, payout_base)
         VALUES (1, 'g-report', $1, 3, 300, 250, 300, 250)`,
        [new Date(Math.floor(start / HOUR) * HOUR).toISOString()],
      );
      await drainOutbox(t);
      expect(sink.mails.filter((m) => m.subject.includes('risk report'))).toEqual([]);

      // The server was down at 08:00; it starts after: the report goes out once.
      await t.db.query(`UPDATE outbox SET next_attempt_at = now() WHERE cid = 1 AND channel = 'notify-report'`);
      await drainOutbox(t);
      await drainOutbox(t);
      const english = await sink.waitFor((m) => m.to.includes('report.reader@example.com'));
      const day = new Date(start + TAIPEI).toISOString().slice(0, 10);
      expect(english.subject).toBe(`[Pitboss] Daily risk report · ${await companyName()} · ${day}`);
      expect(english.text).toContain('Total alerts: 3');
      expect(english.text).toContain('High ratio · Level 1: 1');
      expect(english.text).toContain('High ratio · Level 2: 2');
      expect(english.text).toContain('m-report-2: 2 alerts, highest level 2');
      expect(english.text).toContain('m-report-1: 1 alert, highest level 1');
      expect(english.text).not.toContain('m-report-old');
      expect(english.text).toContain('Turnover: 300.00');
      expect(english.text).toContain('GGR: 50.00');
      expect(english.text).toContain('GMT+8');
      expect(english.text).toContain(`${PUBLIC_URL}/dashboard`);
      expect(english.messageId).toMatch(/^<pitboss-1-\d+@pitboss>$/);
      const stranger = await sink.waitFor((m) => m.to.includes('stranger@example.com'));
      expect(stranger.subject).toContain('每日風控報表');
      expect(stranger.text).toContain('警示總數: 3');

      // The next period is scheduled, a day later; the list shows it and the last send.
      const items = await reportItems();
      expect(items.map((i) => i.status)).toEqual(['sent', 'pending']);
      expect(Date.parse(items[1]?.next_attempt_at as string)).toBe(sendAt + 24 * HOUR);
      const [after] = await list();
      expect(Date.parse(after?.NextSendDate as string)).toBe(sendAt + 24 * HOUR);
      expect(after?.LastSentDate).not.toBeNull();

      // A crash between sending and recording (the item runs again), or a second process delivering the
      // same item at once: no second mail, no second next item.
      await t.db.query(`UPDATE outbox SET status = 'pending', next_attempt_at = now() WHERE cid = 1 AND id = $1`, [
        items[0]?.id,
      ]);
      await Promise.all([t.app.outbox.runOnce(), t.app.outbox.runOnce()]);
      await drainOutbox(t);
      expect(reportsTo('report.reader@example.com', 'Daily risk report')).toHaveLength(1);
      expect(reportsTo('stranger@example.com', '每日風控報表')).toHaveLength(1);
      expect((await reportItems()).map((i) => i.status)).toEqual(['sent', 'pending']);

      // The delivery log shows the report mails as sent.
      const log = await t.call({ method: 'GET', url: '/api/v2/notification/deliveries?Channels=Email', token: admin });
      const rows: Delivery[] = log.json().data.recordset;
      const row = rows.find((r) => r.Target === 'report.reader@example.com');
      expect(row).toMatchObject({ Status: 'sent', Channel: 'Email', AlertID: null });
      expect(row?.EventName).toContain('Daily risk report');
    });

    it('a changed schedule replaces the queued report; a disabled or deleted one sends nothing', async () => {
      const [sub] = await list();
      const id = sub?.ID as number;
      const weekly = { ...daily, Frequency: 'weekly', WeekDay: 7, Hour: 23, Language: 'zh-CN' };
      const res = await t.call({ method: 'PUT', url: `${SUBS}/${id}`, token: admin, payload: weekly });
      expect(res.statusCode, res.body).toBe(200);
      const changed: Subscription = res.json().data;
      const sendAt = Date.parse(changed.NextSendDate as string);
      const local = new Date(sendAt + TAIPEI);
      expect([local.getUTCDay(), local.getUTCHours()]).toEqual([0, 23]);
      expect(Date.parse(changed.NextPeriodEnd as string) - Date.parse(changed.NextPeriodStart as string)).toBe(
        7 * 24 * HOUR,
      );
      const before = sink.mails.length;
      // The old version's item comes due: skipped.
      await t.db.query(
        `UPDATE outbox SET next_attempt_at = now() WHERE cid = 1 AND channel = 'notify-report' AND status = 'pending'
            AND (payload->>'version')::int = 1`,
      );
      await drainOutbox(t);
      expect(sink.mails.length).toBe(before);
      const pending = (await reportItems()).filter((i) => i.status === 'pending');
      expect(pending).toHaveLength(1);
      expect(pending[0]?.payload.version).toBe(2);
      expect(Date.parse(pending[0]?.next_attempt_at as string)).toBe(sendAt);

      // Disabled: no next send; its queued item is skipped.
      const off = await t.call({
        method: 'PUT',
        url: `${SUBS}/${id}`,
        token: admin,
        payload: { ...weekly, Enabled: false },
      });
      expect(off.json().data.NextSendDate).toBeNull();
      await t.db.query(`UPDATE outbox SET next_attempt_at = now() WHERE cid = 1 AND channel = 'notify-report'`);
      await drainOutbox(t);
      expect(sink.mails.length).toBe(before);
      expect((await reportItems()).filter((i) => i.status === 'pending')).toEqual([]);

      // Send now: the last full week, mailed at once in the chosen language, every time it is asked.
      const now1 = await t.call({ method: 'POST', url: `${SUBS}/${id}/send-now`, token: editor });
      expect(now1.statusCode, now1.body).toBe(200);
      expect(now1.json().data.Subject).toContain('每周风控报表');
      expect(now1.json().data.Recipients).toEqual(daily.Mails);
      expect(Date.parse(now1.json().data.PeriodEnd) - Date.parse(now1.json().data.PeriodStart)).toBe(7 * 24 * HOUR);
      await drainOutbox(t);
      await t.call({ method: 'POST', url: `${SUBS}/${id}/send-now`, token: editor });
      await drainOutbox(t);
      await sink.waitFor((m) => m.to.includes('report.reader@example.com') && m.subject.includes('每周风控报表'));
      expect(reportsTo('report.reader@example.com', '每周风控报表')).toHaveLength(2);
      expect(reportsTo('stranger@example.com', '每周风控报表')).toHaveLength(2);

      // Deleted: gone from the list; re-enabling first queues an item that is then skipped.
      await t.call({ method: 'PUT', url: `${SUBS}/${id}`, token: admin, payload: weekly });
      expect((await t.call({ method: 'DELETE', url: `${SUBS}/${id}`, token: admin })).statusCode).toBe(200);
      expect(await list()).toEqual([]);
      const count = sink.mails.length;
      await t.db.query(`UPDATE outbox SET next_attempt_at = now() WHERE cid = 1 AND channel = 'notify-report'`);
      await drainOutbox(t);
      expect(sink.mails.length).toBe(count);
      expect((await reportItems()).filter((i) => i.status === 'pending')).toEqual([]);
    });

    async function companyName(): Promise<string> {
      return (await t.db.query<{ name: string }>('SELECT name FROM company WHERE cid = 1')).rows[0]?.name ?? '';
    }
  },
  { PITBOSS_PUBLIC_URL: PUBLIC_URL },
);
