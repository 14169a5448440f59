import type { BlockApiLog, Delivery, MailConfig, NoticeBlockSetting } from '@pitboss/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAlerts, makeAlert } from '../../testing/alerts';
import { HttpStub } from '../../testing/http-stub';
import { drainOutbox } from '../../testing/session';
import { type SmtpSink, startSmtpSink } from '../../testing/smtp-sink';
import { describeEachDatabase } from '../../testing/test-app';
import { addUser, tokenFor } from '../../testing/users';

const MAIL = '/api/v2/notification/mail';
const NOTIFY = '/api/v2/notification/notify';
const DELIVERIES = '/api/v2/notification/deliveries';
const PUBLIC_URL = 'https://risk.example.com';

describeEachDatabase(
  'notifications',
  (t) => {
    let sink: SmtpSink;
    let stub: HttpStub;
    let admin: string;
    let editor: string;
    let viewer: string;
    let mailUser: string;

    const deliveries = async (query = '', token = admin): Promise<Delivery[]> => {
      const res = await t.call({ method: 'GET', url: `${DELIVERIES}${query}`, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.recordset;
    };
    const mailConfigs = async (): Promise<MailConfig[]> =>
      (await t.call({ method: 'GET', url: `${MAIL}/configs`, token: admin })).json().data.recordset;

    beforeAll(async () => {
      sink = await startSmtpSink();
      stub = await HttpStub.start();
      t.app.config.smtpUrl = sink.url;
      admin = await t.login();
      editor = await tokenFor(t, 'n-editor', 'editor');
      viewer = await tokenFor(t, 'n-viewer', 'viewer');
      // A Mail user cannot log in; a session whose role became Mail since is what reaches the API.
      mailUser = await tokenFor(t, 'n-mail', 'viewer');
      await t.db.query(
        `UPDATE company_user SET role = 'mail' WHERE aid = (SELECT aid FROM app_user WHERE account = 'n-mail')`,
      );
      await addUser(t.db, 'n-english', 'mail', 1, { mail: 'English.Reader@example.com' });
      await t.db.query(`UPDATE app_user SET language = 'en' WHERE account = 'n-english'`);
      await addUser(t.db, 'n-simplified', 'viewer', 1, { mail: 'simplified@example.com' });
      await t.db.query(`UPDATE app_user SET language = 'zh-CN' WHERE account = 'n-simplified'`);
    });
    afterAll(async () => {
      t.app.config.smtpUrl = undefined;
      await sink.close();
      await stub.close();
    });

    describe('settings', () => {
      it('are for admin and editor: viewer and Mail get 403 on every call', async () => {
        for (const token of [viewer, mailUser]) {
          for (const [method, url] of [
            ['GET', `${MAIL}/configs`],
            ['GET', `${MAIL}/alerts`],
            ['GET', `${MAIL}/recipients`],
            ['GET', `${NOTIFY}/block-list`],
            ['GET', DELIVERIES],
          ] as const) {
            expect((await t.call({ method, url, token })).statusCode, `${method} ${url}`).toBe(403);
          }
          const post = await t.call({
            method: 'POST',
            url: `${MAIL}/configs`,
            token,
            payload: { EventIDs: [1], Levels: [1], Mails: ['x@example.com'] },
          });
          expect(post.statusCode).toBe(403);
        }
        expect((await t.call({ method: 'GET', url: `${MAIL}/configs`, token: editor })).statusCode).toBe(200);
        expect((await t.call({ method: 'GET', url: `${MAIL}/configs` })).statusCode).toBe(401);
        expect(await mailConfigs()).toEqual([]);
      });

      it('list the events of every kind and the users with a mail address, Mail users included', async () => {
        const alerts = (await t.call({ method: 'GET', url: `${MAIL}/alerts`, token: editor })).json().data.recordset;
        expect(alerts.map((a: { EventID: number }) => a.EventID)).toEqual(expect.arrayContaining([1, 2, 7]));
        expect(alerts[0]).toMatchObject({ EventID: 1, EventType: 1, TypeName: 'High ratio', Kind: 'player' });
        const recipients = (await t.call({ method: 'GET', url: `${MAIL}/recipients`, token: editor })).json().data
          .recordset;
        expect(recipients).toEqual(
          expect.arrayContaining([
            { Name: 'n-english', Mail: 'English.Reader@example.com', Account: 'n-english', Role: 'mail' },
            { Name: 'n-simplified', Mail: 'simplified@example.com', Account: 'n-simplified', Role: 'viewer' },
          ]),
        );
      });

      it('refuse bad input with a 400 naming the field, changing nothing', async () => {
        const cases: [Record<string, unknown>, string][] = [
          [{ EventIDs: [1], Levels: [1], Mails: ['not-an-address'] }, 'Mails[0]'],
          [{ EventIDs: [99999], Levels: [1], Mails: ['a@example.com'] }, 'EventIDs'],
          [{ EventIDs: [1], Levels: [4], Mails: ['a@example.com'] }, 'Levels[0]'],
          [{ EventIDs: [1], Levels: [0], Mails: ['a@example.com'] }, 'Levels[0]'],
          [{ EventIDs: [1], Levels: [1], Mails: [] }, 'Mails'],
        ];
        for (const [payload, field] of cases) {
          const res = await t.call({ method: 'POST', url: `${MAIL}/configs`, token: admin, payload });
          expect(res.statusCode, JSON.stringify(payload)).toBe(400);
          expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
        }
        const put = await t.call({
          method: 'PUT',
          url: `${MAIL}/configs/1,abc`,
          token: admin,
          payload: { Levels: [1], Mails: ['a@example.com'] },
        });
        expect(put.statusCode).toBe(400);
        const block = await t.call({
          method: 'POST',
          url: `${NOTIFY}/block`,
          token: admin,
          payload: { EventIDs: [1], Levels: [1], APIs: [424242] },
        });
        expect(block.statusCode).toBe(400);
        expect(block.json().errors[0].field).toBe('APIs');
        expect(await mailConfigs()).toEqual([]);
      });

      it('add, replace and delete mail configs per event and level', async () => {
        const add = await t.call({
          method: 'POST',
          url: `${MAIL}/configs`,
          token: editor,
          payload: { EventIDs: [3, 4], Levels: [1, 2], Mails: ['A@example.com', 'b@example.com'] },
        });
        expect(add.statusCode, add.body).toBe(200);
        expect(add.json().data).toHaveLength(4);
        expect(add.json().data[0]).toMatchObject({
          EventID: 3,
          EventType: 3,
          TypeName: 'IP login',
          Level: 1,
          Mails: ['a@example.com', 'b@example.com'],
        });
        const put = await t.call({
          method: 'PUT',
          url: `${MAIL}/configs/3`,
          token: editor,
          payload: { Levels: [2], Mails: ['c@example.com'] },
        });
        expect(put.statusCode, put.body).toBe(200);
        const byKey = new Map((await mailConfigs()).map((c) => [`${c.EventID}/${c.Level}`, c.Mails]));
        expect(byKey.get('3/1')).toEqual(['a@example.com', 'b@example.com']);
        expect(byKey.get('3/2')).toEqual(['c@example.com']);
        const del = await t.call({
          method: 'DELETE',
          url: `${MAIL}/configs`,
          token: editor,
          payload: {
            EventLevel_UDT: [
              { EventID: 3, Level: 1 },
              { EventID: 3, Level: 2 },
              { EventID: 4, Level: 1 },
              { EventID: 4, Level: 2 },
            ],
          },
        });
        expect(del.statusCode, del.body).toBe(200);
        expect(await mailConfigs()).toEqual([]);
      });
    });

    describe('delivery', () => {
      it('mails each configured address once per alert and level, in its user language (zh when unknown)', async () => {
        const add = await t.call({
          method: 'POST',
          url: `${MAIL}/configs`,
          token: admin,
          payload: {
            EventIDs: [1],
            Levels: [1],
            Mails: ['english.reader@example.com', 'simplified@example.com', 'stranger@example.com'],
          },
        });
        expect(add.statusCode, add.body).toBe(200);
        const [alert] = await insertAlerts(t, 1, [
          makeAlert({ subject: { kind: 'member', id: 'm-mail-1' }, value: 2.5, threshold: 1.5 }),
        ]);
        await drainOutbox(t);
        await drainOutbox(t);
        const link = `${PUBLIC_URL}/monitor/alert-events?alert=${alert?.AlertID}`;
        const english = await sink.waitFor((m) => m.to.includes('english.reader@example.com') && m.text.includes(link));
        expect(english.subject).toBe('[Pitboss] Level 1 · High ratio · Member m-mail-1');
        expect(english.text).toContain('Measured value: 2.5 (threshold 1.5)');
        expect(english.text).toContain('Event: High ratio (#1)');
        expect(english.html).toContain(`href="${link}"`);
        const simplified = await sink.waitFor((m) => m.to.includes('simplified@example.com') && m.text.includes(link));
        expect(simplified.subject).toContain('等级 1');
        expect(simplified.text).toContain('测量值: 2.5 (阈值 1.5)');
        const stranger = await sink.waitFor((m) => m.to.includes('stranger@example.com') && m.text.includes(link));
        expect(stranger.subject).toContain('等級 1');
        expect(stranger.subject).toContain('會員 m-mail-1');

        const log = await deliveries('?Channels=Email');
        const mine = log.filter((d) => d.AlertID === alert?.AlertID);
        expect(mine).toHaveLength(3);
        for (const d of mine) {
          expect(d).toMatchObject({ Channel: 'Email', Status: 'sent', Attempts: 1, EventID: 1, Level: 1, Digest: 0 });
          expect(d.SentDate).toBeTruthy();
          expect(d.AlertPath).toBe(`/monitor/alert-events?alert=${alert?.AlertID}`);
        }
        // A stable Message-ID per delivery: a resend after a crash carries the same one.
        const english1 = mine.find((d) => d.Target === 'english.reader@example.com');
        expect(english.messageId).toBe(`<pitboss-1-${english1?.ID}@pitboss>`);
        // Dispatching the same notice again queues nothing twice.
        await t.db.query(`UPDATE outbox SET status = 'pending', next_attempt_at = now() WHERE channel = 'alert'`);
        await drainOutbox(t);
        expect((await deliveries('?Channels=Email')).filter((d) => d.AlertID === alert?.AlertID)).toHaveLength(3);
      });

      it('calls the chosen block APIs for the member with the Bearer token and an Idempotency-Key, logged', async () => {
        const api = await t.call({
          method: 'POST',
          url: '/api/v2/monitor/blacklist/api',
          token: admin,
          payload: { Name: 'Notify lock', IsLock: true, Url: `${stub.url}/lock` },
        });
        expect(api.statusCode, api.body).toBe(200);
        const apiId = api.json().data.APIID as number;
        await t.call({
          method: 'PUT',
          url: '/api/v2/monitor/blacklist/token',
          token: admin,
          payload: { Token: 'notify-token-123456' },
        });
        const add = await t.call({
          method: 'POST',
          url: `${NOTIFY}/block`,
          token: editor,
          payload: { EventIDs: [2], Levels: [2], APIs: [apiId] },
        });
        expect(add.statusCode, add.body).toBe(200);
        expect(add.json().data as NoticeBlockSetting[]).toEqual([
          expect.objectContaining({ EventID: 2, Level: 2, APIs: [apiId], APINames: ['Notify lock'] }),
        ]);
        const list = await t.call({ method: 'GET', url: `${NOTIFY}/block-list?EventIDs=2&Levels=2`, token: editor });
        expect(list.json().data.recordset).toHaveLength(1);
        const none = await t.call({ method: 'GET', url: `${NOTIFY}/block-list?EventIDs=2&Levels=1`, token: editor });
        expect(none.json().data.recordset).toHaveLength(0);

        // Level 1 is not configured: nothing is called. Level 2 is.
        await insertAlerts(t, 1, [
          makeAlert({
            ruleId: 2,
            eventName: 'High win streak',
            eventType: 2,
            subject: { kind: 'member', id: 'm-lock-0' },
          }),
        ]);
        const [alert] = await insertAlerts(t, 1, [
          makeAlert({
            ruleId: 2,
            eventName: 'High win streak',
            eventType: 2,
            level: 2,
            subject: { kind: 'member', id: 'm-lock-1' },
          }),
        ]);
        await drainOutbox(t);
        await drainOutbox(t);
        const calls = stub.requests.filter((r) => r.url === '/lock');
        expect(calls.map((c) => JSON.parse(c.body).memberId)).toEqual(['m-lock-1']);
        expect(calls[0]?.headers.authorization).toBe('Bearer notify-token-123456');
        expect(calls[0]?.headers['idempotency-key']).toMatch(/^pitboss-1-\d+$/);
        expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({
          action: 'lock',
          eventType: 2,
          typeName: 'High win streak',
        });

        const logs: BlockApiLog[] = (
          await t.call({ method: 'GET', url: '/api/v2/monitor/blacklist/logs?MemberIDs=m-lock-1', token: admin })
        ).json().data.recordset;
        expect(logs).toEqual([
          expect.objectContaining({ CID: 1, MemberID: 'm-lock-1', APIName: 'Notify lock', Outcome: 'sent' }),
        ]);
        const api1 = await deliveries('?Channels=API&Status=sent');
        expect(api1).toEqual([
          expect.objectContaining({
            Channel: 'API',
            Target: 'Notify lock · m-lock-1',
            AlertID: alert?.AlertID,
            Level: 2,
          }),
        ]);
      });

      it('sends what exceeds the per-recipient limit in a minute as one digest', async () => {
        t.app.config.notifyPerMinute = 3;
        try {
          await t.call({
            method: 'POST',
            url: `${MAIL}/configs`,
            token: admin,
            payload: { EventIDs: [5], Levels: [1], Mails: ['storm@example.com'] },
          });
          await insertAlerts(
            t,
            1,
            Array.from({ length: 7 }, (_, i) =>
              makeAlert({
                ruleId: 5,
                eventName: 'Store',
                eventType: 5,
                subject: { kind: 'member', id: `m-storm-${i}` },
              }),
            ),
          );
          await drainOutbox(t);
          await drainOutbox(t);
          const single = sink.mails.filter((m) => m.to.includes('storm@example.com'));
          expect(single).toHaveLength(3);
          // The digest of the minute goes out when the minute is over.
          const { rows } = await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM outbox WHERE channel = 'notify-digest' AND status = 'pending'`,
          );
          expect(rows[0]?.n).toBe(1);
          await t.db.query(`UPDATE outbox SET next_attempt_at = now() WHERE channel = 'notify-digest'`);
          await drainOutbox(t);
          await drainOutbox(t);
          const all = sink.mails.filter((m) => m.to.includes('storm@example.com'));
          expect(all).toHaveLength(4);
          const digest = all[3];
          expect(digest?.subject).toContain('4');
          expect(digest?.text.match(/m-storm-\d/g)).toHaveLength(4);
          const log = (await deliveries('?Channels=Email')).filter((d) => d.Target === 'storm@example.com');
          expect(log.filter((d) => d.Digest === 0)).toHaveLength(3);
          expect(log.filter((d) => d.Digest === 4)).toHaveLength(1);
        } finally {
          t.app.config.notifyPerMinute = 10;
        }
      });

      it('shows a dead delivery with its reason and resends it on request', async () => {
        sink.refuse.add('refused@example.com');
        await t.call({
          method: 'POST',
          url: `${MAIL}/configs`,
          token: admin,
          payload: { EventIDs: [6], Levels: [1], Mails: ['refused@example.com'] },
        });
        await insertAlerts(t, 1, [
          makeAlert({ ruleId: 6, eventName: 'Trade', eventType: 6, subject: { kind: 'member', id: 'm-dead-1' } }),
        ]);
        await drainOutbox(t);
        await drainOutbox(t);
        const [dead] = (await deliveries('?Status=dead')).filter((d) => d.Target === 'refused@example.com');
        expect(dead).toMatchObject({ Status: 'dead', Attempts: 1 });
        expect(dead?.Reason).toMatch(/550/);
        const sent = (await deliveries('?Status=sent'))[0];
        const refused = await t.call({ method: 'POST', url: `${DELIVERIES}/${sent?.ID}/resend`, token: editor });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().messageCode).toBe('DELIVERY_NOT_RESENDABLE');
        expect((await t.call({ method: 'POST', url: `${DELIVERIES}/99999999/resend`, token: editor })).statusCode).toBe(
          404,
        );
        sink.refuse.delete('refused@example.com');
        const resend = await t.call({ method: 'POST', url: `${DELIVERIES}/${dead?.ID}/resend`, token: editor });
        expect(resend.statusCode, resend.body).toBe(200);
        await drainOutbox(t);
        await sink.waitFor((m) => m.to.includes('refused@example.com'));
        const [again] = (await deliveries()).filter((d) => d.ID === dead?.ID);
        expect(again).toMatchObject({ Status: 'sent', Attempts: 1, Reason: null });
      });

      it('filters the log by time, channel and status, and pages it with the total', async () => {
        const all = await t.call({ method: 'GET', url: `${DELIVERIES}?pageSize=2`, token: admin });
        expect(all.json().data.recordset).toHaveLength(2);
        expect(all.json().cnt).toBeGreaterThan(2);
        const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
        expect(await deliveries(`?Start=${future}`)).toEqual([]);
        expect((await deliveries('?Channels=API')).every((d) => d.Channel === 'API')).toBe(true);
        const bad = await t.call({ method: 'GET', url: `${DELIVERIES}?Status=lost`, token: admin });
        expect(bad.statusCode).toBe(400);
      });
    });

    describe('outbound rule for block APIs', () => {
      it('refuses loopback, link-local and non-http URLs (400 naming Url), allows private ranges', async () => {
        for (const Url of [
          'http://169.254.169.254/latest/meta-data',
          'http://localhost:9000/lock',
          'http://[::1]/lock',
          'http://127.0.0.2/lock',
          'ftp://platform.example/lock',
        ]) {
          const res = await t.call({
            method: 'POST',
            url: '/api/v2/monitor/blacklist/api',
            token: admin,
            payload: { Name: `Bad ${Url}`, Url },
          });
          expect(res.statusCode, Url).toBe(400);
          expect(res.json().errors[0].field).toBe('Url');
        }
        const ok = await t.call({
          method: 'POST',
          url: '/api/v2/monitor/blacklist/api',
          token: admin,
          payload: { Name: 'Private', Url: 'http://10.20.30.40:8080/lock' },
        });
        expect(ok.statusCode, ok.body).toBe(200);
        const fix = await t.call({
          method: 'PUT',
          url: `/api/v2/monitor/blacklist/api/${ok.json().data.APIID}`,
          token: admin,
          payload: { Url: 'http://169.254.169.254/' },
        });
        expect(fix.statusCode).toBe(400);
      });
    });
  },
  { PITBOSS_PUBLIC_URL: PUBLIC_URL },
);
