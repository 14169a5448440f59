import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { publicBaseUrl } from './modules/mail/public-url';

describe('configuration of mail links and proxies', () => {
  it('reads PITBOSS_TRUST_PROXY as off, on, or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ PITBOSS_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ PITBOSS_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ PITBOSS_TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
    ]);
    expect(() => loadConfig({ PITBOSS_TRUST_PROXY: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ PITBOSS_TRUST_PROXY: 'my-proxy' })).toThrow(/PITBOSS_TRUST_PROXY/);
  });

  it('builds mail links from PITBOSS_PUBLIC_URL, else from the server’s own address, never a request', () => {
    expect(publicBaseUrl(loadConfig({ PITBOSS_PUBLIC_URL: 'https://risk.example.com/' }))).toBe(
      'https://risk.example.com',
    );
    expect(publicBaseUrl(loadConfig({}))).toBe('http://localhost:8080');
    expect(publicBaseUrl(loadConfig({ HOST: '10.1.2.3', PORT: '9000' }))).toBe('http://10.1.2.3:9000');
    expect(() => loadConfig({ PITBOSS_PUBLIC_URL: 'risk.example.com' })).toThrow(/PITBOSS_PUBLIC_URL/);
  });

  it('wants an smtp:// or smtps:// SMTP_URL', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
  });
});

describe('configuration of the demo feed', () => {
  it('takes the demo ingest key npm start passes, only in the shape of an ingest key', () => {
    expect(loadConfig({}).demoIngestKey).toBeUndefined();
    expect(loadConfig({ PITBOSS_DEMO_INGEST_KEY: '' }).demoIngestKey).toBeUndefined();
    const key = 'pbk_abcdefghijklmnopqrstuvwxyz012345';
    expect(loadConfig({ PITBOSS_DEMO_INGEST_KEY: key }).demoIngestKey).toBe(key);
    expect(() => loadConfig({ PITBOSS_DEMO_INGEST_KEY: 'secret' })).toThrow(/PITBOSS_DEMO_INGEST_KEY/);
  });
});
