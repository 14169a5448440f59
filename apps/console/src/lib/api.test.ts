import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Endpoint } from '@pitboss/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { loadBundle } from '../i18n/bundles';
import { ApiError, callApi, waitInWords } from './api';

/** A real HTTP server on 127.0.0.1 that answers per path and records what it was sent. */
let server: Server;
let base = '';
const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body });
      const answers: Record<string, [number, unknown, Record<string, string>?]> = {
        '/api/v2/ok/42?page=2&MemberIDs=a%2Cb': [200, { status: 0, value: 1 }],
        '/api/v2/denied': [
          401,
          { status: 401, message: 'Wrong account or password', messageCode: 'INVALID_CREDENTIALS' },
        ],
        '/api/v2/limited': [
          429,
          { status: 429, message: 'Too many', messageCode: 'RATE_LIMITED' },
          { 'retry-after': '30' },
        ],
        '/api/v2/unknown-code': [409, { status: 409, message: 'Account taken', messageCode: 'NOT_A_KNOWN_CODE' }],
        '/api/v2/user-status': [200, { status: 3, message: 'User not saved' }],
        '/api/v2/no-status': [200, { _id: 1 }],
        '/api/v2/invalid': [
          400,
          {
            status: 400,
            message: 'Invalid body: Url: must be an http:// or https:// address',
            messageCode: 'VALIDATION_FAILED',
            errors: [{ field: 'Url', in: 'body', message: 'must be an http:// or https:// address' }],
          },
        ],
      };
      const [status, json, headers] = answers[request.url ?? ''] ?? [500, { message: 'Internal' }];
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(base + input, init));
  vi.stubGlobal('document', { title: 'Player alerts - Pitboss', cookie: 'token=abc.def.ghi; role=admin' });
  for (const language of ['en', 'zh']) {
    i18n.addResourceBundle(language, 'errors', await loadBundle(language, 'errors'));
  }
  await i18n.changeLanguage('en');
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

const endpoint = (path: string, method: 'GET' | 'POST' = 'GET'): Endpoint => ({
  id: 'test',
  method,
  path,
  summary: 'test',
  tag: 'test',
  access: 'read',
});

describe('callApi (spec §7, §8)', () => {
  it('fills a translation that quotes the server, and keeps the field errors', async () => {
    const error = (await callApi(endpoint('/api/v2/invalid')).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Some fields are not valid: Invalid body: Url: must be an http:// or https:// address');
    expect(error.errors).toEqual([{ field: 'Url', in: 'body', message: 'must be an http:// or https:// address' }]);
  });

  it('sends the bearer token from the cookie and the page title', async () => {
    const answer = await callApi(endpoint('/api/v2/ok/:id'), {
      params: { id: 42 },
      query: { page: 2, MemberIDs: ['a', 'b'], empty: '' },
    } as never);
    expect(answer).toEqual({ status: 0, value: 1 });
    const request = seen.at(-1);
    expect(request?.headers.authorization).toBe('Bearer abc.def.ghi');
    expect(decodeURIComponent(String(request?.headers.title))).toBe('Player alerts - Pitboss');
  });

  it('sends a link token instead of the session cookie when given one', async () => {
    await callApi(endpoint('/api/v2/no-status'), {}, { token: 'link-token-1' });
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer link-token-1');
    await callApi(endpoint('/api/v2/no-status'));
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer abc.def.ghi');
  });

  it('sends a JSON body', async () => {
    await callApi(endpoint('/api/v2/no-status', 'POST'), { body: { Account: 'a' } } as never);
    expect(seen.at(-1)?.body).toBe('{"Account":"a"}');
    expect(seen.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('throws an error carrying the server message, translated by messageCode where known', async () => {
    const error = await callApi(endpoint('/api/v2/denied')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      messageCode: 'INVALID_CREDENTIALS',
      message: 'Wrong account or password',
    });
    await i18n.changeLanguage('zh');
    await expect(callApi(endpoint('/api/v2/denied'))).rejects.toMatchObject({ message: '帳號或密碼錯誤' });
    await expect(callApi(endpoint('/api/v2/limited'))).rejects.toMatchObject({
      message: '嘗試次數過多，請於 30 秒後再試',
      retryAfterSeconds: 30,
    });
    expect(waitInWords(900, 'zh')).toBe('15 分鐘');
    expect(waitInWords(900, 'zh-CN')).toBe('15分钟');
    expect(waitInWords(900, 'en')).toBe('15 minutes');
    expect(waitInWords(61, 'en')).toBe('2 minutes');
    await i18n.changeLanguage('en');
  });

  it('keeps the server message when the code has no translation', async () => {
    await expect(callApi(endpoint('/api/v2/unknown-code'))).rejects.toMatchObject({
      message: 'Account taken',
      messageCode: 'NOT_A_KNOWN_CODE',
      status: 409,
    });
  });

  it('throws for user calls whose status is not 0', async () => {
    await expect(callApi(endpoint('/api/v2/user-status'))).rejects.toMatchObject({
      serverMessage: 'User not saved',
      messageCode: 'STATUS_NOT_OK',
    });
    await expect(callApi(endpoint('/api/v2/no-status'))).resolves.toEqual({ _id: 1 });
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    await expect(callApi(endpoint('/api/v2/denied'))).rejects.toMatchObject({
      messageCode: 'NETWORK_ERROR',
      status: 0,
    });
  });
});
