import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/errors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { AppError } from './errors';
import { requestIdOf } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request id (issue 21, item 11)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers X-Request-Id on every answer, the caller’s own when it is a plain token', async () => {
    const ok = await t.call({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'proxy-42.a:b' } });
    expect(ok.headers['x-request-id']).toBe('proxy-42.a:b');
    const missing = await t.call({ method: 'GET', url: '/api/v2/nothing-here', headers: { 'x-request-id': 'r-1' } });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.headers['x-request-id']).toBe('r-1');
    const refused = await t.call({ method: 'POST', url: '/api/v2/auth/login', payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(String(refused.headers['x-request-id'])).toMatch(UUID);
    // Not a plain token (too long, spaces): a fresh id instead, never the caller's text.
    for (const bad of ['x'.repeat(200), 'two words', '']) {
      const res = await t.call({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(String(res.headers['x-request-id'])).toMatch(UUID);
    }
  });

  it('puts the id on every log line of the request', async () => {
    const lines: { reqId?: string; msg?: string }[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, requestIdHeader: false, genReqId: requestIdOf });
    await app.register(errorsPlugin);
    app.get('/work', async (request) => {
      request.log.info('working');
      throw new AppError(409, 'CONFLICT', 'Name: taken');
    });
    const res = await app.inject({ method: 'GET', url: '/work', headers: { 'x-request-id': 'trace-7' } });
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-request-id']).toBe('trace-7');
    await app.close();
    const ofRequest = lines.filter((l) => l.msg === 'working' || l.msg === 'incoming request');
    expect(ofRequest.length).toBeGreaterThan(0);
    for (const line of ofRequest) expect(line.reqId).toBe('trace-7');
  });
});
