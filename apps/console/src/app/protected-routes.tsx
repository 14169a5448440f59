import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { type CheckSteps, type GuardDecision, guardProtected } from '../routes/guard';
import { HOME_PATH } from '../routes/paths';
import { isGroup, type RouteEntry, type RouteHandle, type ScreenLoader } from '../routes/route-types';
import { type DeferredComponent, deferredComponent } from './deferred-component';

/**
 * The protected part of the router: the layout route and the screens under it.
 *
 * The guard decides before anything protected is downloaded. react-router's `lazy` would start the
 * layout's and the screen's chunks the moment a navigation begins, beside the layout's loader, so a
 * logged-out visitor of a bookmarked screen used to download the layout, the screen, their providers
 * and Ant Design pieces before being sent to /login. Here nothing uses `lazy`: each route's loader
 * asks the guard (one auth check per navigation, shared by the layout's loader and the screen's
 * through the navigation's Request), and only when it lets the visitor in does it download its chunk;
 * the route's component then renders the loaded one. On a refusal the layout's loader redirects and
 * the screen's loader returns without downloading anything.
 *
 * Once a check in this page has accepted the session (`sessionConfirmed`), the chunks start beside
 * the check, so moving between screens costs one round trip, not two in a row; a first visit (a
 * bookmark, right after logging in) waits for the check, then downloads the layout and the screen
 * together.
 */
export interface ProtectedRoutesInput extends CheckSteps {
  table: readonly RouteEntry[];
  development: boolean;
  loadLayout: () => Promise<ComponentType>;
  loadScreenError: () => Promise<ComponentType>;
  /**
   * The screen of a development-only path outside development ("not enabled here"); without it such a
   * path is unmatched like any unknown one.
   */
  loadNotEnabled?: () => Promise<ComponentType>;
  /** Whether the session is known to be good (see above). */
  sessionConfirmed: () => boolean;
}

export function protectedRoute(input: ProtectedRoutesInput): RouteObject {
  const decisions = new WeakMap<Request, Promise<GuardDecision>>();
  /** The guard's decision for this navigation: the first loader to ask starts the auth check. */
  const decide = (request: Request): Promise<GuardDecision> => {
    let decision = decisions.get(request);
    if (!decision) {
      const url = new URL(request.url);
      decision = guardProtected({
        table: input.table,
        pathname: url.pathname,
        search: url.search,
        development: input.development,
        checkAuth: input.checkAuth,
        onChecked: input.onChecked,
        onFailed: input.onFailed,
      });
      decisions.set(request, decision);
    }
    return decision;
  };
  /** Starts a chunk beside the check when the session is known to be good; the loader awaits it later. */
  const startEarly = (chunk: DeferredComponent) => {
    if (input.sessionConfirmed() && !chunk.isLoaded()) chunk.load().catch(() => undefined);
  };

  const layout = deferredComponent(input.loadLayout);
  // A screen's error inside the layout (the menu stays usable); downloaded when first shown.
  const screenError = deferredComponent(input.loadScreenError);

  const screenRoute = (path: string, titleKey: string, load: ScreenLoader): RouteObject => {
    const screen = deferredComponent(load);
    return {
      path,
      handle: { titleKey } satisfies RouteHandle,
      loader: async ({ request }: LoaderFunctionArgs) => {
        startEarly(screen);
        // A refusal or a check without an answer is the layout's loader to report.
        const decision = await decide(request).catch(() => undefined);
        if (decision?.kind === 'allow') await screen.load();
        return null;
      },
      Component: screen.Component,
      ErrorBoundary: screenError.Component,
    };
  };

  const children: RouteObject[] = [{ index: true, loader: () => redirect(HOME_PATH) }];
  for (const entry of input.table) {
    const all = isGroup(entry) ? entry.children : [entry];
    if (!input.development && input.loadNotEnabled) {
      for (const off of all.filter((s) => entry.devOnly || s.devOnly)) {
        children.push(screenRoute(off.path, off.titleKey, input.loadNotEnabled));
      }
    }
    if (entry.devOnly && !input.development) continue;
    const screens = all.filter((c) => input.development || !c.devOnly);
    if (isGroup(entry)) children.push({ path: entry.path, loader: () => redirect(entry.redirect) });
    for (const screen of screens) children.push(screenRoute(screen.path, screen.titleKey, screen.screen));
  }

  return {
    id: 'protected',
    path: '/',
    // Spec §4: every navigation to a protected path calls the auth check.
    shouldRevalidate: () => true,
    loader: async ({ request }: LoaderFunctionArgs) => {
      startEarly(layout);
      const decision = await decide(request);
      if (decision.kind === 'redirect') throw redirect(decision.to);
      await layout.load();
      return decision.check ?? null;
    },
    Component: layout.Component,
    children,
  };
}
