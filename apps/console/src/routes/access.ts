import { CONSOLE_ROLES, type PriceLevel, type Role } from '@pitboss/contract';
import { isGroup, type Restrictions, type RouteEntry, type RouteGroup, type ScreenRoute } from './route-types';

/** What the guard knows about the user after an auth check. */
export interface Access {
  role: Role;
  isPublisher: boolean;
  priceLevel: PriceLevel;
  /** The special administrator (absent = no). */
  isSuperAdmin?: boolean;
}

/** Spec §5: the roles list, the price levels, the publisher flag (requireIP) and the development flag. */
export function meetsRestrictions(restrictions: Restrictions, access: Access, development: boolean): boolean {
  const roles = restrictions.roles ?? CONSOLE_ROLES;
  if (!roles.includes(access.role)) return false;
  if (restrictions.priceLevels && !restrictions.priceLevels.includes(access.priceLevel)) return false;
  if (restrictions.requireIP && !access.isPublisher) return false;
  if (restrictions.devOnly && !development) return false;
  if (restrictions.superAdminOnly && !access.isSuperAdmin) return false;
  return true;
}

/** A screen with the restrictions of its group folded in. */
export interface ResolvedScreen {
  route: ScreenRoute;
  group: RouteGroup | undefined;
  restrictions: Restrictions[];
}

/** Every screen of the table, in menu order, with development-only entries dropped when the flag is off. */
export function resolveScreens(table: readonly RouteEntry[], development: boolean): ResolvedScreen[] {
  const screens: ResolvedScreen[] = [];
  for (const entry of table) {
    if (entry.devOnly && !development) continue;
    if (!isGroup(entry)) {
      screens.push({ route: entry, group: undefined, restrictions: [entry] });
      continue;
    }
    for (const child of entry.children) {
      if (child.devOnly && !development) continue;
      screens.push({ route: child, group: entry, restrictions: [entry, child] });
    }
  }
  return screens;
}

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
}

/** The screen or group at `pathname` (matched like the router: case-insensitive, trailing slash ignored). */
export function findEntry(
  table: readonly RouteEntry[],
  pathname: string,
  development: boolean,
): ResolvedScreen | { group: RouteGroup; restrictions: Restrictions[] } | undefined {
  const wanted = normalizePath(pathname);
  for (const entry of table) {
    if (entry.devOnly && !development) continue;
    if (isGroup(entry) && normalizePath(entry.path) === wanted) return { group: entry, restrictions: [entry] };
  }
  return resolveScreens(table, development).find((s) => normalizePath(s.route.path) === wanted);
}

export function canOpen(restrictions: Restrictions[], access: Access, development: boolean): boolean {
  return restrictions.every((r) => meetsRestrictions(r, access, development));
}
