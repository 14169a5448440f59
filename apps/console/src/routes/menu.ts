import { type Access, canOpen } from './access';
import { isGroup, type MenuIcon, type RouteEntry } from './route-types';

export interface MenuNode {
  /** The path; also the menu key. */
  key: string;
  titleKey: string;
  icon?: MenuIcon;
  children?: MenuNode[];
}

/** The menu the user may see: exactly the routes the guard would let them open; empty groups vanish. */
export function buildMenu(table: readonly RouteEntry[], access: Access, development: boolean): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const entry of table) {
    if (!canOpen([entry], access, development)) continue;
    if (!isGroup(entry)) {
      if (!entry.hideInMenu) nodes.push({ key: entry.path, titleKey: entry.titleKey, icon: entry.icon });
      continue;
    }
    const children = entry.children
      .filter((child) => !child.hideInMenu && canOpen([entry, child], access, development))
      .map((child) => ({ key: child.path, titleKey: child.titleKey }));
    if (children.length > 0) nodes.push({ key: entry.path, titleKey: entry.titleKey, icon: entry.icon, children });
  }
  return nodes;
}

/** Paths of every screen in a menu, in order (tests and the mobile drawer use it). */
export function menuPaths(nodes: MenuNode[]): string[] {
  return nodes.flatMap((node) => (node.children ? menuPaths(node.children) : [node.key]));
}
