import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../locales/en/routes.json';
import zh from '../locales/zh/routes.json';
import zhCN from '../locales/zh-CN/routes.json';
import { resolveScreens } from './access';
import { HOME_PATH, PUBLIC_ROUTES, ROUTE_TABLE } from './route-table';
import { isGroup, type RouteGroup } from './route-types';

const screens = resolveScreens(ROUTE_TABLE, true);
const byPath = new Map(screens.map((s) => [s.route.path, s]));
const group = (path: string) => ROUTE_TABLE.find((e) => e.path === path) as RouteGroup;

describe('the route table (spec §2)', () => {
  it('has every public route', () => {
    expect(PUBLIC_ROUTES.map((r) => r.path)).toEqual(['/login', '/register/:token', '/resetPassword/:token']);
    expect(PUBLIC_ROUTES.filter((r) => r.redirectWhenLoggedIn).map((r) => r.path)).toEqual([
      '/login',
      '/resetPassword/:token',
    ]);
  });

  it('has every protected screen, in menu order', () => {
    expect(screens.map((s) => s.route.path)).toEqual([
      '/operation-dashboard',
      '/dashboard',
      '/monitor/alert-setting',
      '/monitor/alert-events',
      '/monitor/blocklist-setting',
      '/monitor/allowlist-setting',
      '/monitor/gameRtpV2',
      '/monitor/gameRTP-alert-events',
      '/monitor/laundering-alert-setting',
      '/monitor/laundering-alert-events',
      '/monitor/laundering-search',
      '/check-tool/member-overview',
      '/check-tool/member',
      '/check-tool/win-lose-game',
      '/check-tool/gameRTP-search',
      '/check-tool/win-lose-member',
      '/check-tool/purchase',
      '/check-tool/event',
      '/check-tool/trade',
      '/check-tool/alert',
      '/notice-setting/mail-setting',
      '/notice-setting/block-setting',
      '/notice-setting/telegram-bot-setting',
      '/notice-setting/subscription-setting',
      '/notice-setting/delivery-log',
      '/setting/users',
      '/setting/system-setting',
      '/setting/currency-setting',
      '/setting/companies',
      '/sign-up-generator',
      '/reconcile/workflow',
      '/reconcile/customer',
      '/reconcile/report',
    ]);
    expect(HOME_PATH).toBe('/dashboard');
  });

  it('redirects each group to its first screen as the spec says', () => {
    const redirects = Object.fromEntries(ROUTE_TABLE.filter(isGroup).map((g) => [g.path, g.redirect]));
    expect(redirects).toEqual({
      '/monitor': '/monitor/alert-setting',
      '/check-tool': '/check-tool/member-overview',
      '/notice-setting': '/notice-setting/mail-setting',
      '/setting': '/setting/users',
      '/reconcile': '/reconcile/workflow',
    });
    for (const g of ROUTE_TABLE.filter(isGroup)) expect(g.children.map((c) => c.path)).toContain(g.redirect);
  });

  it('carries the roles, price levels, requireIP and development-only flags', () => {
    expect(group('/notice-setting').roles).toEqual(['admin', 'editor']);
    expect(group('/setting').roles).toEqual(['admin']);
    expect(group('/reconcile')).toMatchObject({ roles: ['admin'], requireIP: true });
    expect(byPath.get('/sign-up-generator')?.route).toMatchObject({ roles: ['admin'], requireIP: true });
    expect(byPath.get('/operation-dashboard')?.route.devOnly).toBe(true);
    expect(screens.filter((s) => s.route.devOnly).map((s) => s.route.path)).toEqual(['/operation-dashboard']);
    const platformAndAggregator = screens
      .filter((s) => s.route.priceLevels?.join() === 'platform,aggregator')
      .map((s) => s.route.path);
    expect(platformAndAggregator).toEqual([
      '/monitor/laundering-alert-setting',
      '/monitor/laundering-alert-events',
      '/monitor/laundering-search',
      '/check-tool/member',
      '/check-tool/purchase',
      '/check-tool/trade',
    ]);
    expect(byPath.get('/setting/currency-setting')?.route.priceLevels).toEqual(['publisher', 'aggregator']);
    expect(screens.filter((s) => s.route.superAdminOnly).map((s) => s.route.path)).toEqual(['/setting/companies']);
    // Nothing else is restricted beyond the layout's console roles.
    const unrestricted = screens.filter((s) => s.restrictions.every((r) => !r.roles && !r.priceLevels && !r.requireIP));
    expect(unrestricted.map((s) => s.route.path)).toContain('/dashboard');
  });

  it('drops development-only screens when the flag is off', () => {
    expect(resolveScreens(ROUTE_TABLE, false).map((s) => s.route.path)).not.toContain('/operation-dashboard');
  });

  it('gives every screen its own lazily loaded module', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'route-table.ts'), 'utf8');
    const modules = [...source.matchAll(/import\('(\.\.\/features\/[^']+)'\)/g)].map((m) => m[1] as string);
    expect(modules).toHaveLength(screens.length + PUBLIC_ROUTES.length);
    expect(new Set(modules).size).toBe(modules.length);
    for (const module of modules)
      expect(existsSync(path.join(import.meta.dirname, `${module}.tsx`)), module).toBe(true);
    // Nothing but types is imported statically: the table stays out of the screens' chunks.
    expect(source).not.toMatch(/^import (?!type )/m);
  });

  it('has a title for every route and group in each selectable language', () => {
    const keys = [
      ...ROUTE_TABLE.map((e) => e.titleKey),
      ...screens.map((s) => s.route.titleKey),
      ...PUBLIC_ROUTES.map((r) => r.titleKey),
    ];
    for (const bundle of [en, zh, zhCN]) {
      for (const key of keys) {
        const [namespace, path] = key.split(':');
        expect(namespace).toBe('routes');
        const value = (path ?? '')
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], bundle);
        expect(typeof value, key).toBe('string');
      }
    }
  });
});
