import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { RouteErrorFallback } from '../components/RouteErrorFallback';
import { isDevelopment } from '../lib/runtime-config';
import { readToken } from '../lib/session-cookies';
import { type CheckSteps, guardProtected, guardPublic, unmatchedRedirect } from '../routes/guard';
import { HOME_PATH, PUBLIC_ROUTES, ROUTE_TABLE } from '../routes/route-table';
import { isGroup, type PublicRoute, type RouteEntry, type ScreenLoader } from '../routes/route-types';
import { checkAuth, forgetSession, rememberCheck } from './session';

const CHECK_STEPS: CheckSteps = { checkAuth, onChecked: rememberCheck, onFailed: forgetSession };

/** What each route's `handle` carries: the title key the page frame and the browser tab show. */
export interface RouteHandle {
  titleKey: string;
}

function lazyScreen(load: ScreenLoader) {
  return async (): Promise<{ Component: ComponentType }> => ({ Component: await load() });
}

/** A public screen with the providers screens expect (the layout brings them for protected ones). */
function lazyProvidedScreen(load: ScreenLoader) {
  return async (): Promise<{ Component: ComponentType }> => {
    const [Screen, { ScreenProviders }] = await Promise.all([load(), import('./ScreenProviders')]);
    return {
      Component: () => (
        <ScreenProviders>
          <Screen />
        </ScreenProviders>
      ),
    };
  };
}

/** A screen inside the layout: its error is shown in the page frame, the menu stays usable. */
function lazyLayoutScreen(load: ScreenLoader) {
  return async (): Promise<{ Component: ComponentType; ErrorBoundary: ComponentType }> => {
    const [Component, { ScreenError }] = await Promise.all([load(), import('../components/ScreenError')]);
    return { Component, ErrorBoundary: ScreenError };
  };
}

function publicRoute(route: PublicRoute): RouteObject {
  return {
    path: route.path,
    handle: { titleKey: route.titleKey } satisfies RouteHandle,
    loader: async ({ request }: LoaderFunctionArgs) => {
      const decision = await guardPublic({
        redirectWhenLoggedIn: route.redirectWhenLoggedIn,
        search: new URL(request.url).search,
        hasToken: readToken() !== undefined,
        ...CHECK_STEPS,
      });
      if (decision.kind === 'redirect') throw redirect(decision.to);
      return null;
    },
    lazy: route.bare ? lazyScreen(route.screen) : lazyProvidedScreen(route.screen),
  };
}

/** Routes under the layout: screens, group redirects and `/` → `/dashboard`. */
export function protectedChildren(table: readonly RouteEntry[], development: boolean): RouteObject[] {
  const children: RouteObject[] = [{ index: true, loader: () => redirect(HOME_PATH) }];
  for (const entry of table) {
    if (entry.devOnly && !development) continue;
    const screens = isGroup(entry) ? entry.children.filter((c) => development || !c.devOnly) : [entry];
    if (isGroup(entry)) children.push({ path: entry.path, loader: () => redirect(entry.redirect) });
    for (const screen of screens) {
      children.push({
        path: screen.path,
        handle: { titleKey: screen.titleKey } satisfies RouteHandle,
        lazy: lazyLayoutScreen(screen.screen),
      });
    }
  }
  return children;
}

export function buildRoutes(development: boolean): RouteObject[] {
  return [
    ...PUBLIC_ROUTES.map(publicRoute),
    {
      id: 'protected',
      path: '/',
      // Spec §4: every navigation to a protected path calls the auth check.
      shouldRevalidate: () => true,
      loader: async ({ request }: LoaderFunctionArgs) => {
        const url = new URL(request.url);
        const decision = await guardProtected({
          table: ROUTE_TABLE,
          pathname: url.pathname,
          search: url.search,
          development,
          ...CHECK_STEPS,
        });
        if (decision.kind === 'redirect') throw redirect(decision.to);
        return decision.check ?? null;
      },
      lazy: async () => ({ Component: (await import('../layout/AppLayout')).AppLayout }),
      children: protectedChildren(ROUTE_TABLE, development),
    },
    {
      path: '*',
      loader: ({ request }: LoaderFunctionArgs) => redirect(unmatchedRedirect(new URL(request.url).pathname)),
    },
  ];
}

export function createRouter() {
  const routes = buildRoutes(isDevelopment()).map((route) => ({
    ...route,
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteErrorFallback,
  }));
  return createBrowserRouter(routes);
}
