import { type AuthCheckResponse, authCheck } from '@pitboss/contract';
import { callApi } from '../lib/api';
import { clearSessionCookies, storeCheckCookies } from '../lib/session-cookies';
import { useGlobalStore } from '../store/global-store';
import { emitSessionEnd } from './session-events';

/** The auth check every protected navigation makes (spec §4). */
export function checkAuth(): Promise<AuthCheckResponse> {
  return callApi(authCheck);
}

/** After each check: role, publisher flag and price level into cookies and the store. */
export function rememberCheck(check: AuthCheckResponse): void {
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
  clearSessionCookies();
  useGlobalStore.getState().clearUser();
  emitSessionEnd();
}
