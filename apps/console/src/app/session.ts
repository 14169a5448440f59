import { type AuthCheckResponse, authCheck } from '@pitboss/contract';
import { callApi } from '../lib/api';
import { clearSessionCookies, storeCheckCookies } from '../lib/session-cookies';
import { useGlobalStore } from '../store/global-store';
import { emitSessionEnd } from './session-events';

/** The auth check every protected navigation makes (spec §4). */
export function checkAuth(): Promise<AuthCheckResponse> {
  return callApi(authCheck);
}

let confirmed = false;

/**
 * Whether an auth check in this page has accepted the session and nothing has ended it since (kept
 * in memory only: a session remembered from an earlier visit is not known to be good).
 */
export function sessionConfirmed(): boolean {
  return confirmed;
}

/** After each check: role, publisher flag and price level into cookies and the store. */
export function rememberCheck(check: AuthCheckResponse): void {
  confirmed = true;
  storeCheckCookies(check);
  useGlobalStore.getState().setSession({
    _role: check._role,
    _isPublisher: check._isPublisher,
    _isSuperAdmin: check._isSuperAdmin,
    priceLevel: check.priceLevel,
    account: check.account,
  });
}

/** A failed check or a logout: user data, cached server data and cookies go. */
export function forgetSession(): void {
  confirmed = false;
  clearSessionCookies();
  useGlobalStore.getState().clearUser();
  emitSessionEnd();
}
