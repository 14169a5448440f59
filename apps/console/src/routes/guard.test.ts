import type { AuthCheckResponse } from '@pitboss/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { guardProtected, guardPublic, loginRedirect, safeRedirectTarget, unmatchedRedirect } from './guard';
import { ROUTE_TABLE } from './route-table';

function check(overrides: Partial<AuthCheckResponse> = {}): AuthCheckResponse {
  return {
    _id: 7,
    _role: 'admin',
    _isPublisher: false,
    _isSuperAdmin: false,
    priceLevel: 'platform',
    account: 'alice',
    ...overrides,
  };
}

function protectedInput(pathname: string, answer: AuthCheckResponse | Error, search = '', development = true) {
  return {
    table: ROUTE_TABLE,
    pathname,
    search,
    development,
    checkAuth: vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    }),
    onChecked: vi.fn(),
    onFailed: vi.fn(),
  };
}

describe('guardProtected (spec §4)', () => {
  it('calls the auth check and lets an allowed user in, storing what it said', async () => {
    const input = protectedInput('/monitor/alert-events', check());
    expect(await guardProtected(input)).toEqual({ kind: 'allow', check: check() });
    expect(input.checkAuth).toHaveBeenCalledOnce();
    expect(input.onChecked).toHaveBeenCalledWith(check());
    expect(input.onFailed).not.toHaveBeenCalled();
  });

  it('on a failed check clears the session and goes to /login with the intended path', async () => {
    const input = protectedInput(
      '/check-tool/event',
      new ApiError('Log in to continue', 'UNAUTHENTICATED', 401),
      '?Start=2026-11-01&x=a b',
    );
    expect(await guardProtected(input)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fcheck-tool%2Fevent%3FStart%3D2026-11-01%26x%3Da%20b',
    });
    expect(input.onFailed).toHaveBeenCalledOnce();
    expect(input.onChecked).not.toHaveBeenCalled();
  });

  it('keeps the session when the check got no answer (page left mid-check, server down)', async () => {
    for (const status of [0, 502]) {
      const dropped = new ApiError('The server cannot be reached', 'NETWORK_ERROR', status);
      const input = protectedInput('/monitor/alert-events', dropped);
      await expect(guardProtected(input)).rejects.toBe(dropped);
      expect(input.onFailed).not.toHaveBeenCalled();
    }
    // The fetch aborted by a navigation, or its body cut off, is not an answer either.
    for (const dropped of [
      new DOMException('The operation was aborted', 'AbortError'),
      new TypeError('network error'),
    ]) {
      const input = protectedInput('/monitor/alert-events', dropped);
      await expect(guardProtected(input)).rejects.toBe(dropped);
      expect(input.onFailed).not.toHaveBeenCalled();
    }
    const refused = protectedInput('/monitor/alert-events', new ApiError('Log in', 'UNAUTHENTICATED', 401));
    expect(await guardProtected(refused)).toMatchObject({ kind: 'redirect' });
    expect(refused.onFailed).toHaveBeenCalledOnce();
  });

  it.each([
    ['viewer', '/notice-setting/mail-setting'],
    ['viewer', '/notice-setting'],
    ['viewer', '/setting/users'],
    ['editor', '/setting/system-setting'],
    ['editor', '/setting'],
    ['editor', '/reconcile/report'],
  ] as const)('sends a %s away from %s to /dashboard', async (role, path) => {
    const input = protectedInput(path, check({ _role: role }));
    expect(await guardProtected(input)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(input.onChecked).toHaveBeenCalledOnce();
  });

  it('needs the publisher flag for requireIP routes', async () => {
    expect(await guardProtected(protectedInput('/sign-up-generator', check()))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    const publisher = check({ _isPublisher: true, priceLevel: 'publisher' });
    expect((await guardProtected(protectedInput('/sign-up-generator', publisher))).kind).toBe('allow');
    expect((await guardProtected(protectedInput('/reconcile/customer', publisher))).kind).toBe('allow');
  });

  it('keeps price levels: laundering and some check tools for platforms and aggregators, currencies not for platforms', async () => {
    const publisher = check({ _isPublisher: true, priceLevel: 'publisher' });
    for (const path of [
      '/monitor/laundering-search',
      '/check-tool/member',
      '/check-tool/purchase',
      '/check-tool/trade',
    ]) {
      expect(await guardProtected(protectedInput(path, publisher))).toEqual({ kind: 'redirect', to: '/dashboard' });
      expect((await guardProtected(protectedInput(path, check({ priceLevel: 'aggregator' })))).kind).toBe('allow');
    }
    expect(await guardProtected(protectedInput('/setting/currency-setting', check()))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect((await guardProtected(protectedInput('/setting/currency-setting', publisher))).kind).toBe('allow');
  });

  it('matches paths like the router: case-insensitive, trailing slash ignored', async () => {
    const viewer = check({ _role: 'viewer' });
    expect((await guardProtected(protectedInput('/Setting/Users/', viewer))).kind).toBe('redirect');
    expect((await guardProtected(protectedInput('/monitor/gamertpv2', viewer))).kind).toBe('allow');
  });

  it('lets the router handle paths the table does not know (group redirects, `/`)', async () => {
    expect((await guardProtected(protectedInput('/', check({ _role: 'viewer' })))).kind).toBe('allow');
  });

  it('treats the development-only dashboard as unknown when the flag is off', async () => {
    const input = protectedInput('/operation-dashboard', check(), '', false);
    expect((await guardProtected(input)).kind).toBe('allow');
  });

  it('sends a user who may not even see the dashboard back to login', async () => {
    const input = protectedInput('/dashboard', check({ _role: 'mail' }));
    expect(await guardProtected(input)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fdashboard' });
    expect(input.onFailed).toHaveBeenCalledOnce();
  });
});

describe('guardPublic', () => {
  const base = { search: '', checkAuth: vi.fn(async () => check()), onChecked: vi.fn(), onFailed: vi.fn() };

  it('lets anyone without a token through without a call', async () => {
    const checkAuth = vi.fn(async () => check());
    expect(await guardPublic({ ...base, checkAuth, redirectWhenLoggedIn: true, hasToken: false })).toEqual({
      kind: 'allow',
    });
    expect(checkAuth).not.toHaveBeenCalled();
  });

  it('sends a logged-in visitor of login to the redirect value, or to /dashboard', async () => {
    expect(
      await guardPublic({ ...base, redirectWhenLoggedIn: true, hasToken: true, search: '?redirect=%2Fmonitor' }),
    ).toEqual({ kind: 'redirect', to: '/monitor' });
    expect(await guardPublic({ ...base, redirectWhenLoggedIn: true, hasToken: true })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('keeps a visitor whose token no longer works on the page, forgetting the token', async () => {
    const onFailed = vi.fn();
    const checkAuth = vi.fn(async () => {
      throw new ApiError('Log in to continue', 'UNAUTHENTICATED', 401);
    });
    expect(await guardPublic({ ...base, checkAuth, onFailed, redirectWhenLoggedIn: true, hasToken: true })).toEqual({
      kind: 'allow',
    });
    expect(onFailed).toHaveBeenCalledOnce();
  });

  it('keeps the token when the check got no answer (the visitor stays on the page)', async () => {
    const onFailed = vi.fn();
    const checkAuth = vi.fn(async () => {
      throw new DOMException('The operation was aborted', 'AbortError');
    });
    expect(await guardPublic({ ...base, checkAuth, onFailed, redirectWhenLoggedIn: true, hasToken: true })).toEqual({
      kind: 'allow',
    });
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('never redirects away from registration', async () => {
    expect(await guardPublic({ ...base, redirectWhenLoggedIn: false, hasToken: true })).toEqual({ kind: 'allow' });
  });
});

describe('redirect helpers', () => {
  it('sends an unmatched root to /login and anything else to /', () => {
    expect(unmatchedRedirect('/')).toBe('/login');
    expect(unmatchedRedirect('')).toBe('/login');
    expect(unmatchedRedirect('/nope')).toBe('/');
    expect(unmatchedRedirect('/monitor/nope')).toBe('/');
  });

  it('accepts only paths of this console as redirect targets', () => {
    expect(safeRedirectTarget('/monitor/alert-events?x=1')).toBe('/monitor/alert-events?x=1');
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '/login',
      '/login?redirect=/x',
    ])
      expect(safeRedirectTarget(bad)).toBe('/dashboard');
  });

  it('encodes the intended path', () => {
    expect(loginRedirect('/a?b=c')).toBe('/login?redirect=%2Fa%3Fb%3Dc');
  });
});
