import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('OpenAPI document of the account calls', (t) => {
  it('describes every user, registration, reset, settings, currency and mail call', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/v2/system/user',
      '/api/v2/system/user/{AID}',
      '/api/v2/system/user/{id}',
      '/api/v2/system/user/group',
      '/api/v2/system/user/invite',
      '/api/v2/auth/generate-register-url',
      '/api/v2/auth/check-register-url',
      '/api/v2/auth/check-email',
      '/api/v2/auth/register',
      '/api/v2/auth/account-by-email',
      '/api/v2/auth/send-reset-mail',
      '/api/v2/auth/reset-password',
      '/api/v2/auth/ip-verify',
      '/api/v2/system/setting',
      '/api/v2/system/ip-allowlist',
      '/api/v2/system/currency',
      '/api/v2/system/currency/list',
      '/api/currency/system',
      '/api/v2/system/mail-log',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
