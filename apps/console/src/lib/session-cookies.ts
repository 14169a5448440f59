import { type AuthCheckResponse, COOKIE_EXPIRES_DAYS, type PriceLevel, type Role } from '@pitboss/contract';
import Cookies from 'js-cookie';

/** Cookie names of the session (spec §4): the token, and what the last auth check said. */
export const TOKEN_COOKIE = 'token';
export const ROLE_COOKIE = 'role';
export const PUBLISHER_COOKIE = 'isPublisher';
export const PRICE_LEVEL_COOKIE = 'priceLevel';

/**
 * SameSite=Strict: no other site's page can send the session along (issue 21); Secure when the console
 * is served over HTTPS. Read on each write, so tests and pages see the current protocol.
 */
export function cookieOptions(protocol = globalThis.location?.protocol): Cookies.CookieAttributes {
  return {
    expires: COOKIE_EXPIRES_DAYS,
    path: '/',
    sameSite: 'strict',
    ...(protocol === 'https:' ? { secure: true } : {}),
  };
}

export function readToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function storeToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, cookieOptions());
}

/** After each auth check: the role, the publisher flag and the price level, for 365 days on path `/`. */
export function storeCheckCookies(check: Pick<AuthCheckResponse, '_role' | '_isPublisher' | 'priceLevel'>): void {
  const options = cookieOptions();
  Cookies.set(ROLE_COOKIE, check._role, options);
  Cookies.set(PUBLISHER_COOKIE, check._isPublisher ? '1' : '0', options);
  Cookies.set(PRICE_LEVEL_COOKIE, check.priceLevel, options);
}

export interface CookieSession {
  role: Role | undefined;
  isPublisher: boolean;
  priceLevel: PriceLevel | undefined;
}

export function readCheckCookies(): CookieSession {
  return {
    role: Cookies.get(ROLE_COOKIE) as Role | undefined,
    isPublisher: Cookies.get(PUBLISHER_COOKIE) === '1',
    priceLevel: Cookies.get(PRICE_LEVEL_COOKIE) as PriceLevel | undefined,
  };
}

export function clearSessionCookies(): void {
  for (const name of [TOKEN_COOKIE, ROLE_COOKIE, PUBLISHER_COOKIE, PRICE_LEVEL_COOKIE])
    Cookies.remove(name, { path: '/' });
}
