import type { BlockApiLog } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { HttpStub, type StubReply, type StubRequest } from '../../testing/http-stub';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';
import { claimDue, type OutboxItem } from '../outbox/outbox.repository';
import { OutboxWorker } from '../outbox/outbox.worker';
import { createBlockApiChannel } from './block-api.channel';

const SECRET = 'platform-secret-token-1234';

describeEachDatabase('block-API calls', (t) => {
  let stub: HttpStub;
  let admin: string;
  let worker: OutboxWorker;
  let lockApiId: number;
  /** Per member: how the platform answers its n-th call (default 200). */
  const script = new Map<string, (n: number) => StubReply>();

  const callsFor = (memberId: string): StubRequest[] =>
    stub.requests.filter((r) => JSON.parse(r.body || '{}').memberId === memberId);
  const blacklist = (memberIds: string[], token = admin, extra: Record<string, unknown> = {}) =>
    t.call({
      method: 'POST',
      url: '/api/v2/monitor/blacklist/members',
      token,
      payload: { BlackMember_UDT: memberIds.map((MemberID) => ({ MemberID, ...extra })) },
    });
  const logsOf = async (memberId: string, token = admin): Promise<BlockApiLog[]> =>
    (
      await t.call({
        method: 'GET',
        url: `/api/v2/monitor/blacklist/logs?MemberIDs=${memberId}&sort=CreateDate%20Asc`,
        token,
      })
    ).json().data.recordset;
  const outboxStatus = async (memberId: string) =>
    (
      await t.db.query<{ status: string }>(
        `SELECT status FROM outbox WHERE channel = 'block-api' AND payload->>'memberId' = $1 ORDER BY id`,
        [memberId],
      )
    ).rows.map((r) => r.status);
  const drain = async (w = worker, passes = 1) => {
    for (let i = 0; i < passes; i++) await w.runOnce();
  };

  beforeAll(async () => {
    stub = await HttpStub.start();
    stub.reply = (request) => {
      const memberId = JSON.parse(request.body || '{}').memberId as string;
      const n = callsFor(memberId).length;
      return script.get(memberId)?.(n) ?? { status: 200, body: '{"locked":true}' };
    };
    admin = await t.login();
    const api = await t.call({
      method: 'POST',
      url: '/api/v2/monitor/blacklist/api',
      token: admin,
      payload: { Name: 'Platform lock', IsLock: true, Url: `${stub.url}/lock` },
    });
    lockApiId = api.json().data.APIID;
    await t.call({
      method: 'POST',
      url: '/api/v2/monitor/blacklist/api',
      token: admin,
      payload: { Name: 'Not locking', IsLock: false, Url: `${stub.url}/never` },
    });
    await t.call({ method: 'PUT', url: '/api/v2/monitor/blacklist/token', token: admin, payload: { Token: SECRET } });
    worker = new OutboxWorker(t.db, t.app.log, { backoff: () => 0, leaseSeconds: 1 });
    worker.register(createBlockApiChannel({ db: t.db, timeoutMs: 300 }));
  });

  afterAll(async () => {
    await worker.stop();
    await stub.close();
  });

  it("reaches the platform through the server's own worker, woken by the insert", async () => {
    t.app.outbox.start();
    try {
      const res = await blacklist(['live-1']);
      expect(res.json().BlockCallsQueued).toBe(1);
      const deadline = Date.now() + 5000;
      // The log row follows the outbox's own record of the outcome.
      while (Date.now() < deadline && (await logsOf('live-1')).length === 0) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(callsFor('live-1')).toHaveLength(1);
      expect((await logsOf('live-1')).map((l) => l.Outcome)).toEqual(['sent']);
      expect(await outboxStatus('live-1')).toEqual(['sent']);
    } finally {
      await t.app.outbox.stop();
    }
  });

  it('POSTs the documented JSON with the token and an idempotency key to every IsLock API', async () => {
    const res = await blacklist(['ok-1'], admin, { EventType: 2, Memo: 'streak of 40' });
    expect(res.json()).toMatchObject({ Added: ['ok-1'], BlockCallsQueued: 1 });
    await drain();
    const [call, ...more] = callsFor('ok-1');
    expect(more).toEqual([]);
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/lock');
    expect(call?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(call?.headers['content-type']).toBe('application/json');
    const key = call?.headers['idempotency-key'];
    expect(key).toMatch(/^pitboss-1-\d+$/);
    const body = JSON.parse(call?.body ?? '');
    expect(body).toEqual({
      action: 'lock',
      cid: 1,
      memberId: 'ok-1',
      eventType: 2,
      typeName: 'High win streak',
      memo: 'streak of 40',
      blockedAt: expect.any(String),
      idempotencyKey: key,
    });
    const [log] = await logsOf('ok-1');
    expect(log).toMatchObject({
      CID: 1,
      MemberID: 'ok-1',
      APIID: lockApiId,
      APIName: 'Platform lock',
      Outcome: 'sent',
      Attempt: 1,
      Memo: 'Sent: HTTP 200: {"locked":true}',
    });
    expect(await outboxStatus('ok-1')).toEqual(['sent']);
    // Nothing more to send.
    await drain();
    expect(callsFor('ok-1')).toHaveLength(1);
  });

  it('retries a platform that fails, until it recovers, with the same idempotency key', async () => {
    script.set('flaky-1', (n) => (n <= 2 ? { status: 503, body: 'maintenance' } : { status: 200 }));
    await blacklist(['flaky-1']);
    await drain(worker, 4);
    const calls = callsFor('flaky-1');
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.headers['idempotency-key'])).size).toBe(1);
    const logs = await logsOf('flaky-1');
    expect(logs.map((l) => [l.Outcome, l.Attempt])).toEqual([
      ['retry', 1],
      ['retry', 2],
      ['sent', 3],
    ]);
    expect(logs[0]?.Memo).toBe('Failed (attempt 1 of 150), will retry: HTTP 503: maintenance');
    expect(await outboxStatus('flaky-1')).toEqual(['sent']);
  });

  it('gives up on an answer that never comes, retries, and succeeds when the platform answers', async () => {
    script.set('slow-1', (n) => (n === 1 ? 'hang' : { status: 204 }));
    await blacklist(['slow-1']);
    const started = Date.now();
    await drain();
    expect(Date.now() - started).toBeLessThan(3000);
    await drain();
    const logs = await logsOf('slow-1');
    expect(logs.map((l) => l.Outcome)).toEqual(['retry', 'sent']);
    expect(logs[0]?.Memo).toContain('no answer within 0.3 s');
  });

  it('does not retry a 4xx answer', async () => {
    script.set('refused-1', () => ({ status: 400, body: '{"error":"unknown member"}' }));
    await blacklist(['refused-1']);
    await drain(worker, 3);
    expect(callsFor('refused-1')).toHaveLength(1);
    const logs = await logsOf('refused-1');
    expect(logs.map((l) => l.Outcome)).toEqual(['failed']);
    expect(logs[0]?.Memo).toContain('given up: HTTP 400');
    expect(await outboxStatus('refused-1')).toEqual(['failed']);
  });

  it('keeps calling a platform that is down and reaches it at its fixed Url', async () => {
    const down = await HttpStub.start();
    const downUrl = `${down.url}/lock`;
    await down.close();
    await t.call({
      method: 'PUT',
      url: `/api/v2/monitor/blacklist/api/${lockApiId}`,
      token: admin,
      payload: { Url: downUrl },
    });
    await blacklist(['down-1']);
    await drain(worker, 2);
    const failing = await logsOf('down-1');
    expect(failing.map((l) => l.Outcome)).toEqual(['retry', 'retry']);
    expect(failing[0]?.Memo).toContain('could not connect (ECONNREFUSED)');
    await t.call({
      method: 'PUT',
      url: `/api/v2/monitor/blacklist/api/${lockApiId}`,
      token: admin,
      payload: { Url: `${stub.url}/lock` },
    });
    await drain();
    expect(callsFor('down-1')).toHaveLength(1);
    expect((await logsOf('down-1')).map((l) => l.Outcome)).toEqual(['retry', 'retry', 'sent']);
  });

  it('cancels the call of a member removed before it was made, and logs it', async () => {
    await blacklist(['oops-1']);
    await t.call({
      method: 'DELETE',
      url: '/api/blockList',
      token: admin,
      payload: { BlackMember_UDT: [{ MemberID: 'oops-1' }] },
    });
    await drain();
    expect(callsFor('oops-1')).toHaveLength(0);
    const logs = await logsOf('oops-1');
    expect(logs.map((l) => l.Outcome)).toEqual(['cancelled']);
    expect(logs[0]?.Memo).toContain('removed from the blacklist');
  });

  it('retries while no token is set, and sends once one is', async () => {
    const cid = await addCompany(t, 'No Token Co');
    const owner = await tokenFor(t, 'tokenless-admin', 'admin', cid);
    await t.call({
      method: 'POST',
      url: '/api/v2/monitor/blacklist/api',
      token: owner,
      payload: { Name: 'Lock', Url: `${stub.url}/lock2` },
    });
    await blacklist(['tokenless-1'], owner);
    await drain();
    expect(callsFor('tokenless-1')).toHaveLength(0);
    expect((await logsOf('tokenless-1', owner))[0]?.Memo).toContain('no token is set');
    await t.call({
      method: 'PUT',
      url: '/api/v2/monitor/blacklist/token',
      token: owner,
      payload: { Token: 'tok-2-abc' },
    });
    await drain();
    expect(callsFor('tokenless-1').map((c) => c.headers.authorization)).toEqual(['Bearer tok-2-abc']);
    // Company 1 sees none of company 2's log.
    expect(await logsOf('tokenless-1')).toEqual([]);
  });

  describe('across a restart', () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      // A second server over the same database, as after a restart or beside a second process.
      second = await buildApp({ config: t.config, db: t.db, logger: false });
    });
    afterAll(() => second.close());

    it('a second server takes over a call the first could not make, without losing or repeating it', async () => {
      script.set('restart-1', (n) => (n === 1 ? { status: 502 } : { status: 200 }));
      await blacklist(['restart-1']);
      await drain();
      await worker.stop();
      expect(await outboxStatus('restart-1')).toEqual(['pending']);
      await second.outbox.runOnce();
      await second.outbox.runOnce();
      await drain();
      const calls = callsFor('restart-1');
      expect(calls).toHaveLength(2);
      expect(calls[0]?.headers['idempotency-key']).toBe(calls[1]?.headers['idempotency-key']);
      expect((await logsOf('restart-1')).map((l) => l.Outcome)).toEqual(['retry', 'sent']);
      expect(await outboxStatus('restart-1')).toEqual(['sent']);
    });

    it('a call whose sender died mid-send is made again once its lease runs out, with the same key', async () => {
      await blacklist(['crash-1']);
      // The first process claims the call, reaches the platform, and dies before recording it.
      const [claimed] = (await claimDue(t.db, 10, 1)) as OutboxItem<never>[];
      expect((claimed?.payload as { memberId?: string } | undefined)?.memberId).toBe('crash-1');
      await createBlockApiChannel({ db: t.db }).deliver(claimed as never);
      expect(callsFor('crash-1')).toHaveLength(1);
      // Still leased: the second server leaves it alone.
      await second.outbox.runOnce();
      expect(callsFor('crash-1')).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 1200));
      await second.outbox.runOnce();
      const calls = callsFor('crash-1');
      expect(calls).toHaveLength(2);
      expect(calls[1]?.headers['idempotency-key']).toBe(calls[0]?.headers['idempotency-key']);
      expect(await outboxStatus('crash-1')).toEqual(['sent']);
    });
  });

  it("answers each member's lock outcome per API: queued, retrying, locked, failed; scoped to the company", async () => {
    const status = async (ids: string, token = admin) =>
      (await t.call({ method: 'GET', url: `/api/v2/monitor/blacklist/lock-status?MemberIDs=${ids}`, token })).json();
    script.set('st-fail', () => ({ status: 400, body: 'unknown member' }));
    script.set('st-retry', () => ({ status: 503, body: 'maintenance' }));
    await blacklist(['st-ok', 'st-fail', 'st-retry']);
    let answer = await status('st-ok,st-fail,st-retry,st-never');
    expect(answer.data.LockingApis).toBe(1);
    expect(answer.data.Members.map((m: { Calls: { State: string }[] }) => m.Calls.map((c) => c.State))).toEqual([
      ['queued'],
      ['queued'],
      ['queued'],
      [],
    ]);
    await drain();
    answer = await status('st-ok,st-fail,st-retry');
    const byMember = Object.fromEntries(
      answer.data.Members.map((m: { MemberID: string; Calls: unknown[] }) => [m.MemberID, m.Calls[0]]),
    );
    expect(byMember['st-ok']).toMatchObject({ APIName: 'Platform lock', State: 'locked', Attempts: 1, Detail: null });
    expect(byMember['st-fail']).toMatchObject({ State: 'failed', Detail: expect.stringContaining('400') });
    expect(byMember['st-retry']).toMatchObject({ State: 'retrying', Detail: expect.stringContaining('503') });

    // Another company sees none of it, and has no locking API.
    const cid = await addCompany(t, 'Lock status elsewhere', 1);
    const other = await tokenFor(t, 'lock-status-admin', 'admin', cid);
    const theirs = await status('st-ok', other);
    expect(theirs.data).toEqual({ LockingApis: 0, Members: [{ MemberID: 'st-ok', Calls: [] }] });
    script.delete('st-retry');
  });

  it('filters the log by API and outcome, and refuses bad filters', async () => {
    const sent = (
      await t.call({
        method: 'GET',
        url: `/api/v2/monitor/blacklist/logs?Outcome=sent&APIID=${lockApiId}&pageSize=1000`,
        token: admin,
      })
    ).json();
    expect(sent.cnt).toBeGreaterThan(3);
    expect(sent.data.recordset.every((l: BlockApiLog) => l.Outcome === 'sent' && l.APIID === lockApiId)).toBe(true);
    for (const query of ['Outcome=maybe', 'APIID=x', 'pageSize=0', 'pageSize=1000000', 'sort=memo%20Asc']) {
      const res = await t.call({ method: 'GET', url: `/api/v2/monitor/blacklist/logs?${query}`, token: admin });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
