import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { RouteErrorFallback } from '../components/RouteErrorFallback';
import { isDevelopment } from '../lib/runtime-config';
import { readToken } from '../lib/session-cookies';
import { type CheckSteps, guardPublic, unmatchedRedirect } from '../routes/guard';
import { PUBLIC_ROUTES, ROUTE_TABLE } from '../routes/route-table';
import type { PublicRoute, RouteHandle, ScreenLoader } from '../routes/route-types';
import { protectedRoute } from './protected-routes';
import { checkAuth, forgetSession, rememberCheck, sessionConfirmed } from './session';

const CHECK_STEPS: CheckSteps = { checkAuth, onChecked: rememberCheck, onFailed: forgetSession };

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

export function buildRoutes(development: boolean): RouteObject[] {
  return [
    ...PUBLIC_ROUTES.map(publicRoute),
    protectedRoute({
      table: ROUTE_TABLE,
      development,
      ...CHECK_STEPS,
      sessionConfirmed,
      loadLayout: () => import('../layout/AppLayout').then((m) => m.AppLayout),
      loadScreenError: () => import('../components/ScreenError').then((m) => m.ScreenError),
      loadNotEnabled: () => import('../components/NotEnabledScreen').then((m) => m.NotEnabledScreen),
    }),
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
