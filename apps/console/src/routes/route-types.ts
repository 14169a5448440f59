import type { PriceLevel, Role } from '@pitboss/contract';
import type { ComponentType } from 'react';

/** A lazily loaded screen: `() => import('…/XxxPage').then((m) => m.XxxPage)`, one chunk per screen. */
export type ScreenLoader = () => Promise<ComponentType>;

/** What a route asks of the user; a group's restrictions apply to each of its children too. */
export interface Restrictions {
  /** Roles that may open it; absent = every console role (admin, editor, viewer). */
  roles?: readonly Role[];
  /** Company price levels that may open it; absent = all. */
  priceLevels?: readonly PriceLevel[];
  /** Needs the game-publisher ("IP") flag. */
  requireIP?: boolean;
  /** Exists only when the development flag is on (env `dev` or `local`). */
  devOnly?: boolean;
  /** Only the special administrator (`_isSuperAdmin`, company administration). */
  superAdminOnly?: boolean;
}

/** The Ant Design icon of a menu entry, resolved by the layout so the table stays free of React. */
export type MenuIcon = 'dashboard' | 'fund' | 'monitor' | 'search' | 'notification' | 'setting' | 'link' | 'reconcile';

export interface ScreenRoute extends Restrictions {
  /** Full path, e.g. `/monitor/alert-setting`. */
  path: string;
  /** i18n key of the title, shown in the menu, the page frame and the browser tab. */
  titleKey: string;
  /** Icon of a top-level entry; children of a group show none. */
  icon?: MenuIcon;
  /** Kept out of the menu (still guarded). */
  hideInMenu?: boolean;
  screen: ScreenLoader;
}

export interface RouteGroup extends Restrictions {
  /** Group path, e.g. `/monitor`; opening it redirects to `redirect`. */
  path: string;
  titleKey: string;
  icon: MenuIcon;
  redirect: string;
  children: ScreenRoute[];
}

export type RouteEntry = ScreenRoute | RouteGroup;

export function isGroup(entry: RouteEntry): entry is RouteGroup {
  return 'children' in entry;
}

export interface PublicRoute {
  path: string;
  titleKey: string;
  /** A logged-in visitor is sent to `?redirect` or `/dashboard` (login, reset password). */
  redirectWhenLoggedIn: boolean;
  /** Rendered without TanStack Query and Ant Design's App (only the login page, for its size budget). */
  bare?: boolean;
  screen: ScreenLoader;
}

/** What each route's `handle` carries: the title key the page frame and the browser tab show. */
export interface RouteHandle {
  titleKey: string;
}
