import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { expect, it } from 'vitest';
import { bet, createIngestKey, postEvents } from '../modules/ingest/ingest.testing';
import { freePort } from '../testing/pg-cluster';
import { describeEachDatabase, type TestApp } from '../testing/test-app';

/**
 * Makes the database unreachable for real: every pooled connection is closed and new ones go to a port
 * nobody listens on. Answers a function that points the pool back (recovery needs nothing else).
 */
async function cutDatabase(t: TestApp): Promise<() => void> {
  const pool = t.db.pool as pg.Pool & { options: { port?: number; host?: string; connectionString?: string } };
  const original = { ...pool.options };
  const deadPort = await freePort();
  pool.options.port = deadPort;
  pool.options.host = '127.0.0.1';
  if (original.connectionString) pool.options.connectionString = `postgres://127.0.0.1:${deadPort}/none`;
  // Close every pooled connection, waiting for those busy in background work to come back.
  for (let round = 0; round < 100 && pool.totalCount > 0; round++) {
    while (pool.idleCount > 0) (await pool.connect()).release(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return () => {
    pool.options.port = original.port;
    pool.options.host = original.host;
    pool.options.connectionString = original.connectionString;
  };
}

describeEachDatabase('operations', (t) => {
  it('answers /healthz and /readyz as JSON, not the console page', async () => {
    const health = await t.call({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-type']).toContain('application/json');
    expect(health.json()).toEqual({ status: 'ok' });

    const ready = await t.call({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: t.kind });
  });

  it('is not ready while a migration is missing', async () => {
    const { rows } = await t.db.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migration ORDER BY name DESC LIMIT 1',
    );
    const last = rows[0] as { name: string; checksum: string };
    await t.db.query('DELETE FROM schema_migration WHERE name = $1', [last.name]);
    try {
      const res = await t.call({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'migrations pending', pending: [last.name] });
    } finally {
      await t.db.query('INSERT INTO schema_migration (name, checksum) VALUES ($1, $2)', [last.name, last.checksum]);
    }
    expect((await t.call({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('counts ingested events, batch latency, alerts and the pool in /metrics', async () => {
    const key = await createIngestKey(t);
    const events = [bet({ memberId: 'ops-1' }), bet({ memberId: 'ops-1' })];
    expect((await postEvents(t, key, events)).statusCode).toBe(200);
    expect((await postEvents(t, key, events)).statusCode).toBe(200);
    t.app.live.publish(1, { type: 'alert', cid: 1, kind: 'player', alert: {} } as never);

    const res = await t.call({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = res.body;
    expect(text).toContain('pitboss_events_ingested_total{outcome="accepted"} 2');
    expect(text).toContain('pitboss_events_ingested_total{outcome="duplicate"} 2');
    expect(text).toContain('pitboss_ingest_batch_duration_seconds_count 2');
    expect(text).toMatch(/pitboss_ingest_batch_duration_seconds_bucket\{le="\+Inf"\} 2/);
    expect(text).toContain('pitboss_alerts_raised_total{kind="player"} 1');
    expect(text).toMatch(/pitboss_db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain('pitboss_outbox_depth{state="pending"}');
    expect(text).toContain('pitboss_outbox_failed ');
    expect(text).toContain('pitboss_database_up 1');
    // Every sample line is `name{labels} number`.
    for (const line of text
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('#')))
      expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? -?[\d.e+]+$/);
  });

  it('answers 503 with Retry-After while the database is down, and recovers by itself', async () => {
    const token = await t.login();
    const restore = await cutDatabase(t);
    try {
      const api = await t.call({ method: 'GET', url: '/api/v2/system/ingest-keys', token });
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe('5');
      expect(api.json()).toMatchObject({ status: 503, messageCode: 'SERVICE_UNAVAILABLE' });
      expect(api.body).not.toContain('ECONNREFUSED');

      const ready = await t.call({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect((await t.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const metrics = await t.call({ method: 'GET', url: '/metrics' });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('pitboss_database_up 0');
    } finally {
      restore();
    }
    expect((await t.call({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v2/system/ingest-keys', token })).statusCode).toBe(200);
  });

  it('answers 404, 405, 413 and 415 in the one error shape', async () => {
    const token = await t.login();
    const missing = await t.call({ method: 'GET', url: '/api/v2/no-such-thing', token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, messageCode: 'NOT_FOUND' });

    const wrongMethod = await t.call({ method: 'DELETE', url: '/api/v2/system/ingest-keys', token });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('GET');
    expect(wrongMethod.json()).toMatchObject({ status: 405, messageCode: 'METHOD_NOT_ALLOWED' });

    const tooLarge = await t.call({
      method: 'POST',
      url: '/api/v2/system/ingest-keys',
      token,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ Name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ status: 413, messageCode: 'PAYLOAD_TOO_LARGE' });

    const wrongType = await t.call({
      method: 'POST',
      url: '/api/v2/system/ingest-keys',
      token,
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ status: 415, messageCode: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers 431 for oversized headers in the one error shape', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/healthz', headers: { 'x-filler': 'y'.repeat(64 * 1024) } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      status: 431,
      message: 'Request headers are too large',
      messageCode: 'HEADERS_TOO_LARGE',
    });
  });
});
