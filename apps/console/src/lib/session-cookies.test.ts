import { describe, expect, it } from 'vitest';
import { cookieOptions } from './session-cookies';

describe('session cookies', () => {
  it('are SameSite=Strict, and Secure over HTTPS only', () => {
    expect(cookieOptions('https:')).toMatchObject({ sameSite: 'strict', secure: true, path: '/' });
    expect(cookieOptions('http:')).toMatchObject({ sameSite: 'strict', path: '/' });
    expect(cookieOptions('http:')).not.toHaveProperty('secure');
  });
});
