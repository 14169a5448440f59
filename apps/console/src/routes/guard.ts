import type { AuthCheckResponse } from '@pitboss/contract';
import { isApiError } from '../lib/api-error';
import { type Access, canOpen, findEntry } from './access';
import { HOME_PATH, LOGIN_PATH } from './paths';
import type { RouteEntry } from './route-types';

export type GuardDecision = { kind: 'allow'; check?: AuthCheckResponse } | { kind: 'redirect'; to: string };

/** Spec §4: an unmatched path goes to /login if it is the root, otherwise to /. */
export function unmatchedRedirect(pathname: string): string {
  return pathname === '' || pathname === '/' ? LOGIN_PATH : '/';
}

export function loginRedirect(intended: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(intended)}`;
}

/** The `redirect` query value when it is a path of this console, else the dashboard (no open redirects). */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return HOME_PATH;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return value;
}

/**
 * Whether a failed auth check is a refusal (the token no longer works) rather than a request that
 * never got its answer: the browser drops the check when the page is reloaded or left while it is
 * under way, and a server that cannot be reached or fails says nothing about the session. Only a
 * refusal ends the session; the others keep it (the route's error screen offers a reload).
 */
export function isAuthRefusal(error: unknown): boolean {
  // Only an answer from the server refuses: an aborted fetch (AbortError) or a body cut off by the
  // navigation is not an ApiError at all, a network failure is one with status 0.
  return isApiError(error) && error.status > 0 && error.status < 500;
}

export function accessOf(check: AuthCheckResponse): Access {
  return {
    role: check._role,
    isPublisher: check._isPublisher,
    priceLevel: check.priceLevel,
    isSuperAdmin: check._isSuperAdmin,
  };
}

/** The auth check and what to do after it, for both guards. */
export interface CheckSteps {
  checkAuth: () => Promise<AuthCheckResponse>;
  /** Stores cookies and state after a successful check. */
  onChecked: (check: AuthCheckResponse) => void;
  /** Clears user data and cookies after a failed check. */
  onFailed: (error: unknown) => void;
}

export interface ProtectedGuardInput extends CheckSteps {
  table: readonly RouteEntry[];
  pathname: string;
  search: string;
  development: boolean;
}

/**
 * The guard of spec §4 for every non-public navigation: call the auth check; on failure clear the
 * user and go to /login with the intended path; store role, publisher flag and price level; a route
 * whose roles, price levels or publisher flag the user lacks sends them to /dashboard.
 */
export async function guardProtected(input: ProtectedGuardInput): Promise<GuardDecision> {
  let check: AuthCheckResponse;
  try {
    check = await input.checkAuth();
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
    input.onFailed(error);
    return { kind: 'redirect', to: loginRedirect(input.pathname + input.search) };
  }
  input.onChecked(check);
  const entry = findEntry(input.table, input.pathname, input.development);
  if (entry && !canOpen(entry.restrictions, accessOf(check), input.development)) {
    // The dashboard itself refused means no console access at all: back to the login page.
    if (entry.restrictions.some((r) => 'path' in r && r.path === HOME_PATH)) {
      input.onFailed(new Error('No console access'));
      return { kind: 'redirect', to: loginRedirect(input.pathname + input.search) };
    }
    return { kind: 'redirect', to: HOME_PATH };
  }
  return { kind: 'allow', check };
}

export interface PublicGuardInput extends CheckSteps {
  redirectWhenLoggedIn: boolean;
  search: string;
  hasToken: boolean;
}

/** Public paths pass; a logged-in visitor of login or reset-password goes to `?redirect` or /dashboard. */
export async function guardPublic(input: PublicGuardInput): Promise<GuardDecision> {
  if (!input.redirectWhenLoggedIn || !input.hasToken) return { kind: 'allow' };
  try {
    const check = await input.checkAuth();
    input.onChecked(check);
  } catch (error) {
    if (isAuthRefusal(error)) input.onFailed(error);
    return { kind: 'allow' };
  }
  return { kind: 'redirect', to: safeRedirectTarget(new URLSearchParams(input.search).get('redirect')) };
}
