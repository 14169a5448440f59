import type { Endpoint } from '@pitboss/contract';
import * as contract from '@pitboss/contract';
import { ROUTE_IO } from '@pitboss/contract/schemas';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { AUTHORIZATION_MATRIX } from './testing/authorization-matrix';
import { describeEachDatabase, type TestApp } from './testing/test-app';
import { addCompany, addUser } from './testing/users';

/**
 * Issue 21, item 7: requests built from every endpoint's contract schemas (their field names, with
 * values of any type) and plain garbage (wrong types, deep and long JSON, unicode, lone surrogates,
 * control characters, NaN-like and enormous numbers, duplicate and empty query parameters) as a
 * company's administrator: never a 5xx, and every error in the one shape `{status, message,
 * messageCode}`. An empty query parameter means "no filter": it answers as if it were absent.
 */

const ENDPOINTS = (Object.values(contract) as unknown[]).filter(
  (v): v is Endpoint =>
    typeof v === 'object' && v !== null && 'id' in v && 'method' in v && 'path' in v && 'access' in v,
);
const RUNS = 12;

/** The top-level field names of a schema (body or query), from its JSON schema. */
function fieldsOf(schema: unknown): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any', io: 'input' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\ud800',
  'a\udfffb',
  '\u0007\u001b[31m',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 中文 ไทย',
  "'; DROP TABLE bet; --",
  '../../etc/passwd',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '99999999999999999999999',
  '2147483648',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
  'x'.repeat(5_000),
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53, 2_147_483_648, 0.1, 1.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('any'), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ maxLength: 8 }), tie('any'), { maxKeys: 4 }),
})).any;

/** A body: an object of the schema's fields with values of any type, or garbage. */
function bodyArb(fields: string[]) {
  const shaped = fields.length
    ? fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: fields.length })
    : fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 3 });
  const deep = fc.integer({ min: 50, max: 5_000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
  return fc.oneof(
    shaped.map((b) => JSON.stringify(b)),
    value.map((v) => JSON.stringify(v) ?? 'null'),
    deep,
    fc.constantFrom('', '{', '{"a":', 'not json', '\u0000', `{"x":"${'y'.repeat(200_000)}"}`),
    fc.array(shaped, { maxLength: 300 }).map((a) => JSON.stringify(a)),
  );
}

/** A query string: the schema's parameters (repeated, empty, garbage) and unknown ones. */
function queryArb(fields: string[]) {
  const key = fields.length
    ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 6 }))
    : fc.string({ maxLength: 6 });
  const pair = fc.tuple(key, fc.oneof(text, fc.constant(''), fc.integer().map(String)));
  return fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&'));
}

/** Percent-encodes, a lone surrogate as its (invalid) UTF-8 bytes, as a hostile client may send it. */
function enc(s: string): string {
  return [...s]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

/** A path parameter: a number, garbage, or a percent-encoded control character. */
const param = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom('0', '-1', '1.5', '99999999999999999999', 'NaN', '%00', '%C0%80', '%ED%A0%80', 'x'.repeat(300)),
  text.map(enc),
);

function shapeError(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode}`;
  if (res.statusCode < 400) return undefined;
  try {
    const b = res.json() as { status?: unknown; message?: unknown; messageCode?: unknown };
    if (b.status === res.statusCode && typeof b.message === 'string' && typeof b.messageCode === 'string') {
      return undefined;
    }
  } catch {
    // not JSON
  }
  return `${res.statusCode} not in the error shape`;
}

describeEachDatabase('fuzzing every endpoint', (t: TestApp) => {
  const tokens = { aggregator: '', publisher: '' };
  beforeAll(async () => {
    for (const [level, type] of [
      ['aggregator', 3],
      ['publisher', 2],
    ] as const) {
      const cid = await addCompany(t, `Fuzz ${level}`, type);
      const aid = await addUser(t.db, `fuzz-${level}`, 'admin', cid);
      tokens[level] = (await t.app.tokens.sign({ aid, cid, sv: 0 })).token;
    }
  });

  const tokenFor = (endpoint: Endpoint) => {
    const levels = AUTHORIZATION_MATRIX[endpoint.id]?.levels;
    return levels && !levels.includes('aggregator') ? tokens.publisher : tokens.aggregator;
  };

  it('answers generated and garbage requests on every endpoint without a 5xx, errors in the one shape', async () => {
    const failures: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const io = (ROUTE_IO as Record<string, { body?: unknown; querystring?: unknown }>)[endpoint.id];
      const request = fc.record({
        path: fc.array(param, { minLength: 3, maxLength: 3 }),
        query: queryArb(fieldsOf(io?.querystring)),
        body: bodyArb(fieldsOf(io?.body)),
        contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-ndjson'),
      });
      const samples = fc.sample(request, { numRuns: RUNS, seed: endpoint.id.length * 7919 });
      for (const s of samples) {
        let i = 0;
        const url = `${endpoint.path.replace(/:[A-Za-z]+/g, () => s.path[i++] ?? '1')}${s.query ? `?${s.query}` : ''}`;
        const hasBody = endpoint.method !== 'GET';
        const res = await t.call({
          method: endpoint.method,
          url,
          token: endpoint.access === 'ingest' ? undefined : tokenFor(endpoint),
          ...(hasBody ? { payload: s.body, headers: { 'content-type': s.contentType } } : {}),
        });
        const problem = shapeError(res);
        if (problem)
          failures.push(`${endpoint.id} ${endpoint.method} ${url.slice(0, 120)}: ${problem} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers the HTTP layer’s refusals in the one shape: unknown path, wrong method, too large, wrong type', async () => {
    const token = tokens.aggregator;
    const cases = [
      { method: 'GET', url: '/api/v2/nowhere', want: 404 },
      { method: 'PATCH', url: '/api/v2/monitor/alert-settings', want: [404, 405] },
      {
        method: 'POST',
        url: '/api/v2/monitor/alert-settings',
        payload: `{"EventName":"${'x'.repeat(2 * 1024 * 1024)}"}`,
        headers: { 'content-type': 'application/json' },
        want: 413,
      },
      {
        method: 'POST',
        url: '/api/v2/monitor/alert-settings',
        payload: '<xml/>',
        headers: { 'content-type': 'application/xml' },
        want: 415,
      },
      { method: 'GET', url: '/api/v2/monitor/blacklist/members/%ED%A0%80', want: 400 },
      { method: 'GET', url: `/api/v2/monitor/alert-events/${'9'.repeat(500)}`, want: [400, 404, 414] },
    ] as const;
    for (const c of cases) {
      const res = await t.call({
        method: c.method,
        url: c.url,
        token,
        ...('payload' in c ? { payload: c.payload, headers: c.headers } : {}),
      });
      const wanted: readonly number[] = typeof c.want === 'number' ? [c.want] : c.want;
      expect(wanted, `${c.method} ${c.url.slice(0, 60)}: ${res.statusCode} ${res.body.slice(0, 120)}`).toContain(
        res.statusCode,
      );
      expect(shapeError(res), res.body.slice(0, 200)).toBeUndefined();
    }
  });

  it('takes an empty query parameter as no filter', async () => {
    const failures: string[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => e.method === 'GET' && !e.path.includes(':'))) {
      const io = (ROUTE_IO as Record<string, { querystring?: unknown }>)[endpoint.id];
      const fields = fieldsOf(io?.querystring);
      if (fields.length === 0) continue;
      const token = tokenFor(endpoint);
      const bare = await t.call({ method: 'GET', url: endpoint.path, token });
      const empty = await t.call({
        method: 'GET',
        url: `${endpoint.path}?${fields.map((f) => `${f}=`).join('&')}`,
        token,
      });
      if (empty.statusCode !== bare.statusCode) {
        failures.push(
          `${endpoint.id}: ${empty.statusCode} with empty parameters, ${bare.statusCode} without: ${empty.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});
