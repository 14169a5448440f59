import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpStub } from '../testing/http-stub';
import { checkedLookup, OutboundRefusedError, outboundFetch, outboundUrlCheck, resolvedUrlCheck } from './outbound-url';

const base = { outboundAllow: [] as string[], publicUrl: 'https://risk.example.com', host: '0.0.0.0', port: 8080 };

describe('outbound URL rule', () => {
  const check = outboundUrlCheck(base);

  it('accepts http(s) addresses of public and private networks', () => {
    for (const url of [
      'https://api.platform.example/lock',
      'http://10.1.2.3:8080/lock',
      'http://192.168.1.20/lock',
      'http://172.16.5.5/x',
      'http://[fd00::1]/x',
      'https://risk.example.com:8443/other-port',
    ]) {
      expect(check(url), url).toBeUndefined();
    }
  });

  it('refuses other schemes, loopback, link-local, unspecified and the server itself', () => {
    for (const url of [
      'ftp://example.com/x',
      'file:///etc/passwd',
      'not a url',
      'http://127.0.0.1/x',
      'http://127.8.9.10:9000/x',
      'http://2130706433/x',
      'http://localhost:8080/x',
      'http://api.localhost/x',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/x',
      'http://0.0.0.0/x',
      'http://metadata.google.internal/x',
      'https://risk.example.com/api/v2/system/user',
    ]) {
      expect(check(url), url).toBeTypeOf('string');
    }
    expect(check('ftp://example.com/x')).toMatch(/http/);
  });

  it('lets hosts and ranges of PITBOSS_OUTBOUND_ALLOW through', () => {
    const allowing = outboundUrlCheck({ ...base, outboundAllow: ['127.0.0.1', 'localhost', '169.254.0.0/16'] });
    expect(allowing('http://127.0.0.1:9999/x')).toBeUndefined();
    expect(allowing('http://localhost/x')).toBeUndefined();
    expect(allowing('http://169.254.169.254/x')).toBeUndefined();
    expect(allowing('http://127.0.0.2/x')).toBeTypeOf('string');
    expect(allowing('ftp://127.0.0.1/x')).toBeTypeOf('string');
  });

  it('refuses the listening address and port when the server listens on one address', () => {
    const own = outboundUrlCheck({ ...base, publicUrl: undefined, host: '10.0.0.5', port: 8080 });
    expect(own('http://10.0.0.5:8080/api')).toMatch(/itself/);
    expect(own('http://10.0.0.5:9090/api')).toBeUndefined();
  });
});

describe('outbound rule with names resolved', () => {
  const LOOPBACK = ['127.0.0.1', '::1'];
  // The machine's own name: /etc/hosts maps it to a loopback address on most hosts (here `vm` → 127.0.0.1).
  const machine = os.hostname().toLowerCase();
  let machineIsLoopback = false;
  let stub: HttpStub;

  beforeAll(async () => {
    const addresses = await lookup(machine, { all: true }).catch(() => [] as LookupAddress[]);
    machineIsLoopback = addresses.length > 0 && addresses.every((a) => a.address === '127.0.0.1');
    stub = await HttpStub.start();
  });
  afterAll(async () => {
    await stub.close();
  });

  const resolveWith =
    (answers: string[]) =>
    (_host: string, _options: unknown, callback: (e: Error | null, a: LookupAddress[]) => void) =>
      callback(
        null,
        answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );

  const lookupOf = (fn: ReturnType<typeof checkedLookup>, host: string) =>
    new Promise<{ error: Error | null; addresses: LookupAddress[] }>((done) =>
      fn(host, { all: true }, (error, addresses) =>
        done({ error, addresses: (addresses as unknown as LookupAddress[]) ?? [] }),
      ),
    );

  it('refuses a name when any address it resolves to is loopback or link-local; the allow-list lets it through', async () => {
    const refusing = await lookupOf(checkedLookup(base), 'localhost');
    expect(refusing.error).toBeInstanceOf(OutboundRefusedError);
    expect(refusing.error?.message).toMatch(/resolves to (127\.0\.0\.1|::1), a loopback address/);
    const allowing = await lookupOf(checkedLookup({ ...base, outboundAllow: LOOPBACK }), 'localhost');
    expect(allowing.error).toBeNull();
    expect(allowing.addresses.map((a) => a.address)).toContain('127.0.0.1');
    // One bad address among good ones is enough; private ranges stay allowed.
    const mixed = checkedLookup(base, resolveWith(['203.0.113.5', '169.254.169.254']) as never);
    expect((await lookupOf(mixed, 'api.platform.example')).error?.message).toMatch(/link-local/);
    const privateNet = checkedLookup(base, resolveWith(['10.1.2.3', '192.168.0.9']) as never);
    expect((await lookupOf(privateNet, 'api.platform.example')).addresses).toHaveLength(2);
  });

  it('checks a saved Url by its resolved addresses', async () => {
    if (!machineIsLoopback) return;
    const check = resolvedUrlCheck(base);
    expect(await check(`http://${machine}:9000/lock`)).toMatch(/loopback/);
    expect(await check('http://no-such-host.invalid/lock')).toBeUndefined();
    expect(await check('http://10.1.2.3/lock')).toBeUndefined();
    expect(await resolvedUrlCheck({ ...base, outboundAllow: LOOPBACK })(`http://${machine}:9000/lock`)).toBeUndefined();
  });

  it('calls only an address it checked: a name resolving to loopback is not connected to unless allowed', async () => {
    if (!machineIsLoopback) return;
    const url = `${stub.url.replace('127.0.0.1', machine)}/lock`;
    const before = stub.requests.length;
    const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' };
    await expect(outboundFetch(base)(url, request)).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(stub.requests.length).toBe(before);
    const response = await outboundFetch({ ...base, outboundAllow: ['127.0.0.1'] })(url, request);
    expect(response.status).toBe(200);
    expect(stub.requests.length).toBe(before + 1);
    expect(stub.requests.at(-1)?.body).toBe('{"a":1}');
    // An answer that changes between the save-time check and the call (DNS rebinding): the call resolves
    // once, checks that answer, and connects to it.
    const rebinding = outboundFetch(base, resolveWith(['127.0.0.1']) as never);
    await expect(rebinding('http://api.platform.example/lock', request)).rejects.toThrow(/loopback/);
  });
});
