import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addUser, TEST_PASSWORD } from '../../testing/users';
import { resetPassword, unlockAccount } from './account-recovery';

describeEachDatabase('account recovery (npm run admin -- reset-password | unlock)', (t) => {
  const login = (Account: string, Password: string, ip: string) =>
    t.call({ method: 'POST', url: '/api/v2/auth/login', payload: { Account, Password }, remoteAddress: ip });

  it('unlock lets a locked-out account log in at once, from the address it was locked on', async () => {
    await addUser(t.db, 'locked-admin', 'admin');
    for (let i = 0; i < 5; i++) await login('locked-admin', 'wrong', '10.9.0.1');
    expect((await login('locked-admin', TEST_PASSWORD, '10.9.0.1')).statusCode).toBe(429);
    expect(await unlockAccount(t.db, 'LOCKED-ADMIN')).toBe(5);
    expect((await login('locked-admin', TEST_PASSWORD, '10.9.0.1')).statusCode).toBe(200);
  });

  it('reset-password sets a new password, ends every session and unlocks', async () => {
    await addUser(t.db, 'forgetful', 'admin');
    const before = (await login('forgetful', TEST_PASSWORD, '10.9.0.2')).json().token as string;
    for (let i = 0; i < 5; i++) await login('forgetful', 'wrong', '10.9.0.2');
    const done = await resetPassword(t.db, 'Forgetful');
    expect(done?.account).toBe('forgetful');
    expect(done?.password.length).toBeGreaterThanOrEqual(16);
    expect((await t.call({ method: 'POST', url: '/api/v2/auth/check', token: before })).statusCode).toBe(401);
    expect((await login('forgetful', TEST_PASSWORD, '10.9.0.2')).statusCode).toBe(401);
    expect((await login('forgetful', done?.password ?? '', '10.9.0.2')).statusCode).toBe(200);
    expect(await resetPassword(t.db, 'nobody-at-all')).toBeUndefined();
  });
});
