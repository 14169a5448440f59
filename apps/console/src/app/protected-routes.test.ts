import type { AuthCheckResponse } from '@pitboss/contract';
import type { ComponentType } from 'react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import type { RouteEntry } from '../routes/route-types';
import { protectedRoute } from './protected-routes';

const CHECK: AuthCheckResponse = {
  _id: 7,
  _role: 'viewer',
  _isPublisher: false,
  _isSuperAdmin: false,
  priceLevel: 'platform',
  account: 'alice',
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Blank: ComponentType = () => null;

/** A router over a small table; every download and check is recorded in `events`. */
function setup(options: { confirmed?: boolean } = {}) {
  const events: string[] = [];
  const checks: ReturnType<typeof deferred<AuthCheckResponse>>[] = [];
  const load = (name: string) =>
    vi.fn(async () => {
      events.push(`load ${name}`);
      return Blank;
    });
  const screens = { dashboard: load('dashboard'), users: load('users') };
  const table: RouteEntry[] = [
    { path: '/dashboard', titleKey: 'routes:screens.dashboard', icon: 'dashboard', screen: screens.dashboard },
    {
      path: '/setting',
      titleKey: 'routes:groups.setting',
      icon: 'setting',
      roles: ['admin'],
      redirect: '/setting/users',
      children: [{ path: '/setting/users', titleKey: 'routes:screens.users', screen: screens.users }],
    },
  ];
  const loadLayout = load('layout');
  const loadScreenError = load('screen-error');
  const checkAuth = vi.fn(() => {
    events.push('check');
    const check = deferred<AuthCheckResponse>();
    checks.push(check);
    return check.promise;
  });
  const onFailed = vi.fn();
  const router = createMemoryRouter(
    [
      protectedRoute({
        table,
        development: false,
        checkAuth,
        onChecked: vi.fn(),
        onFailed,
        sessionConfirmed: () => options.confirmed ?? false,
        loadLayout,
        loadScreenError,
      }),
      { path: '/login', Component: Blank },
    ],
    { initialEntries: ['/login'] },
  );
  /** Lets every pending promise run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { router, events, checks, checkAuth, onFailed, loadLayout, loadScreenError, screens, settle };
}

describe('protected routes: the guard decides before anything loads', () => {
  it('a logged-out visitor downloads nothing and goes to /login with the intended path', async () => {
    const s = setup();
    const navigated = s.router.navigate('/dashboard?x=1');
    await s.settle();
    expect(s.events).toEqual(['check']);
    s.checks[0]?.reject(new ApiError('Log in to continue', 'UNAUTHENTICATED', 401));
    await navigated;
    expect(s.router.state.location.pathname + s.router.state.location.search).toBe(
      '/login?redirect=%2Fdashboard%3Fx%3D1',
    );
    expect(s.events).toEqual(['check']);
    expect(s.onFailed).toHaveBeenCalledOnce();
  });

  it('a denied screen downloads nothing of it and goes to /dashboard', async () => {
    const s = setup();
    const navigated = s.router.navigate('/setting/users');
    await s.settle();
    s.checks[0]?.resolve(CHECK);
    await s.settle();
    // The redirect's own navigation checks again (every navigation does).
    s.checks[1]?.resolve(CHECK);
    await navigated;
    await s.settle();
    expect(s.router.state.location.pathname).toBe('/dashboard');
    expect(s.screens.users).not.toHaveBeenCalled();
    expect(s.events).toEqual(['check', 'check', 'load layout', 'load dashboard']);
  });

  it('a check without an answer downloads nothing and reports the error on the layout route', async () => {
    const s = setup();
    const navigated = s.router.navigate('/dashboard');
    await s.settle();
    s.checks[0]?.reject(new ApiError('The server cannot be reached', 'NETWORK_ERROR', 0));
    await navigated;
    expect(s.events).toEqual(['check']);
    expect(s.router.state.errors?.protected).toBeInstanceOf(ApiError);
    expect(s.onFailed).not.toHaveBeenCalled();
  });

  it('lets an allowed visitor in with one check, then downloads the layout and the screen', async () => {
    const s = setup();
    const navigated = s.router.navigate('/dashboard');
    await s.settle();
    expect(s.events).toEqual(['check']);
    s.checks[0]?.resolve(CHECK);
    await navigated;
    expect(s.router.state.location.pathname).toBe('/dashboard');
    expect(s.events).toEqual(['check', 'load layout', 'load dashboard']);
    expect(s.router.state.loaderData.protected).toEqual(CHECK);
    // The screen's error view is downloaded only when one is shown.
    expect(s.loadScreenError).not.toHaveBeenCalled();
  });

  it('checks again on every navigation, and downloads a chunk once', async () => {
    const s = setup();
    for (const path of ['/dashboard', '/dashboard?page=2']) {
      const navigated = s.router.navigate(path);
      await s.settle();
      s.checks.at(-1)?.resolve(CHECK);
      await navigated;
    }
    expect(s.checkAuth).toHaveBeenCalledTimes(2);
    expect(s.events).toEqual(['check', 'load layout', 'load dashboard', 'check']);
  });

  it('once the session is known to be good, the chunks download beside the check', async () => {
    const s = setup({ confirmed: true });
    const navigated = s.router.navigate('/dashboard');
    await s.settle();
    expect(s.events).toEqual(['load layout', 'check', 'load dashboard']);
    s.checks[0]?.resolve(CHECK);
    await navigated;
    expect(s.router.state.location.pathname).toBe('/dashboard');
    expect(s.checkAuth).toHaveBeenCalledOnce();
  });
});
