import type { Delivery, MailConfig, User } from '@pitboss/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertAlerts, makeAlert } from '../../testing/alerts';
import { HttpStub } from '../../testing/http-stub';
import { drainOutbox } from '../../testing/session';
import { describeEachDatabase } from '../../testing/test-app';
import { addUser } from '../../testing/users';

const MAIL = '/api/v2/notification/mail';
const DELIVERIES = '/api/v2/notification/deliveries';
const PUBLIC_URL = 'https://risk.example.com';

describeEachDatabase(
  'SMS notifications',
  (t) => {
    let stub: HttpStub;
    let admin: string;
    let aid: number;

    const smsLog = async (): Promise<Delivery[]> =>
      (await t.call({ method: 'GET', url: `${DELIVERIES}?Channels=SMS`, token: admin })).json().data.recordset;

    beforeAll(async () => {
      stub = await HttpStub.start();
      admin = await t.login();
      aid = await addUser(t.db, 'sms-reader', 'viewer', 1, { mail: 'sms-reader@example.com' });
      await t.db.query(`UPDATE app_user SET language = 'en' WHERE aid = $1`, [aid]);
    });
    afterAll(async () => {
      t.app.config.sms = { url: undefined, token: '', format: 'twilio', from: '' };
      await stub.close();
    });

    it("keeps a user's mobile number (E.164) and refuses a malformed one, changing nothing", async () => {
      for (const Mobile of ['0912345678', '+0912345678', '+886 912 345 678', '+12']) {
        const res = await t.call({
          method: 'PUT',
          url: `/api/v2/system/user/${aid}`,
          token: admin,
          payload: { Mobile },
        });
        expect(res.statusCode, Mobile).toBe(400);
        expect(res.json().errors[0].field).toBe('Mobile');
      }
      const ok = await t.call({
        method: 'PUT',
        url: `/api/v2/system/user/${aid}`,
        token: admin,
        payload: { Mobile: '+886912345678' },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const users: User[] = (
        await t.call({ method: 'GET', url: '/api/v2/system/user?Account=sms-reader', token: admin })
      ).json().data.recordset;
      expect(users[0]?.Mobile).toBe('+886912345678');
    });

    it('names SMS recipients in mail configs per event and level; bad numbers are a 400 naming the field', async () => {
      const bad = await t.call({
        method: 'POST',
        url: `${MAIL}/configs`,
        token: admin,
        payload: { EventIDs: [1], Levels: [1], Mails: [], Mobiles: ['12345'] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('Mobiles[0]');
      const none = await t.call({
        method: 'POST',
        url: `${MAIL}/configs`,
        token: admin,
        payload: { EventIDs: [1], Levels: [1], Mails: [] },
      });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors[0].field).toBe('Mails');
      const add = await t.call({
        method: 'POST',
        url: `${MAIL}/configs`,
        token: admin,
        payload: { EventIDs: [1], Levels: [1], Mails: [], Mobiles: ['+886912345678', '+14155550100'] },
      });
      expect(add.statusCode, add.body).toBe(200);
      const configs: MailConfig[] = (await t.call({ method: 'GET', url: `${MAIL}/configs`, token: admin })).json().data
        .recordset;
      expect(configs).toEqual([
        expect.objectContaining({ EventID: 1, Level: 1, Mails: [], Mobiles: ['+14155550100', '+886912345678'] }),
      ]);
    });

    it('without a gateway, keeps SMS deliveries unsent in the delivery log', async () => {
      const [alert] = await insertAlerts(t, 1, [makeAlert({ subject: { kind: 'member', id: 'm-sms-0' } })]);
      await drainOutbox(t);
      await drainOutbox(t);
      const log = (await smsLog()).filter((d) => d.AlertID === alert?.AlertID);
      expect(log).toHaveLength(2);
      for (const d of log) expect(d).toMatchObject({ Channel: 'SMS', Status: 'unsent' });
      expect(log[0]?.Reason).toContain('SMS_GATEWAY_URL');
      expect(stub.requests).toHaveLength(0);
    });

    it('posts a Twilio-compatible form to the gateway: level, event, member, link, in the user language', async () => {
      t.app.config.sms = {
        url: `${stub.url}/Messages.json`,
        token: 'AC123:secret',
        format: 'twilio',
        from: '+15550000',
      };
      const [alert] = await insertAlerts(t, 1, [makeAlert({ subject: { kind: 'member', id: 'm-sms-1' } })]);
      await drainOutbox(t);
      await drainOutbox(t);
      expect(stub.requests).toHaveLength(2);
      const english = stub.requests.find((r) => new URLSearchParams(r.body).get('To') === '+886912345678');
      const form = new URLSearchParams(english?.body);
      expect(english?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(english?.headers.authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
      expect(english?.headers['idempotency-key']).toMatch(/^pitboss-1-\d+$/);
      expect(form.get('From')).toBe('+15550000');
      expect(form.get('Body')).toBe(
        `[Pitboss] Level 1 · High ratio · Member m-sms-1 ${PUBLIC_URL}/monitor/alert-events?alert=${alert?.AlertID}`,
      );
      const other = stub.requests.find((r) => new URLSearchParams(r.body).get('To') === '+14155550100');
      expect(new URLSearchParams(other?.body).get('Body')).toContain('等級 1');
      const log = (await smsLog()).filter((d) => d.AlertID === alert?.AlertID);
      expect(log.map((d) => d.Status)).toEqual(['sent', 'sent']);
    });

    it('posts plain JSON with a Bearer token, and retries a failing gateway', async () => {
      stub.requests.length = 0;
      t.app.config.sms = { url: `${stub.url}/sms`, token: 'gw-token', format: 'json', from: '' };
      stub.reply = (_r, n) => (n <= 2 ? { status: 503, body: 'busy' } : { status: 200, body: '{"id":"x"}' });
      try {
        const [alert] = await insertAlerts(t, 1, [makeAlert({ subject: { kind: 'member', id: 'm-sms-2' } })]);
        await drainOutbox(t);
        await drainOutbox(t);
        const failed = (await smsLog()).filter((d) => d.AlertID === alert?.AlertID);
        expect(failed.map((d) => d.Status)).toEqual(['failed', 'failed']);
        expect(failed[0]?.Reason).toContain('HTTP 503');
        await t.db.query(`UPDATE outbox SET next_attempt_at = now() WHERE channel = 'sms' AND status = 'pending'`);
        await drainOutbox(t);
        const body = JSON.parse(stub.requests[2]?.body ?? '{}');
        expect(stub.requests[2]?.headers.authorization).toBe('Bearer gw-token');
        expect(body).toMatchObject({ to: expect.stringMatching(/^\+/), text: expect.stringContaining('m-sms-2') });
        expect((await smsLog()).filter((d) => d.AlertID === alert?.AlertID).map((d) => d.Status)).toEqual([
          'sent',
          'sent',
        ]);
      } finally {
        stub.reply = () => ({ status: 200, body: '{"ok":true}' });
      }
    });
  },
  { PITBOSS_PUBLIC_URL: PUBLIC_URL },
);
