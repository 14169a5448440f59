import { describe, expect, it } from 'vitest';
import { outboundUrlCheck } from './outbound-url';

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
