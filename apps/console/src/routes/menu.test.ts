import { describe, expect, it } from 'vitest';
import { buildMenu, menuPaths } from './menu';
import { ROUTE_TABLE } from './route-table';

const access = (role: 'admin' | 'editor' | 'viewer' | 'mail' | 'none', priceLevel = 'platform' as const) => ({
  role,
  isPublisher: false,
  priceLevel,
});

describe('buildMenu (spec §6)', () => {
  it('shows a viewer dashboards, monitoring and check tools only', () => {
    const menu = buildMenu(ROUTE_TABLE, access('viewer'), true);
    expect(menu.map((n) => n.key)).toEqual(['/operation-dashboard', '/dashboard', '/monitor', '/check-tool']);
  });

  it('adds notification settings for an editor', () => {
    const menu = buildMenu(ROUTE_TABLE, access('editor'), true);
    expect(menu.map((n) => n.key)).toEqual([
      '/operation-dashboard',
      '/dashboard',
      '/monitor',
      '/check-tool',
      '/notice-setting',
    ]);
  });

  it('shows an admin of a publisher everything a publisher may open', () => {
    const menu = buildMenu(ROUTE_TABLE, { role: 'admin', isPublisher: true, priceLevel: 'publisher' }, true);
    expect(menu.map((n) => n.key)).toEqual([
      '/operation-dashboard',
      '/dashboard',
      '/monitor',
      '/check-tool',
      '/notice-setting',
      '/setting',
      '/sign-up-generator',
      '/reconcile',
    ]);
    const paths = menuPaths(menu);
    expect(paths).toContain('/setting/currency-setting');
    expect(paths).not.toContain('/monitor/laundering-search');
    expect(paths).not.toContain('/check-tool/trade');
  });

  it('hides the publisher-only entries and currencies from a platform admin', () => {
    const paths = menuPaths(buildMenu(ROUTE_TABLE, access('admin'), true));
    expect(paths).not.toContain('/sign-up-generator');
    expect(paths).not.toContain('/reconcile/workflow');
    expect(paths).not.toContain('/setting/currency-setting');
    expect(paths).toContain('/monitor/laundering-search');
  });

  it('shows company administration to the special administrator only', () => {
    expect(menuPaths(buildMenu(ROUTE_TABLE, access('admin'), true))).not.toContain('/setting/companies');
    const boss = buildMenu(ROUTE_TABLE, { ...access('admin'), isSuperAdmin: true }, true);
    expect(menuPaths(boss)).toContain('/setting/companies');
  });

  it('shows nothing to Mail and none', () => {
    expect(buildMenu(ROUTE_TABLE, access('mail'), true)).toEqual([]);
    expect(buildMenu(ROUTE_TABLE, access('none'), true)).toEqual([]);
  });

  it('hides development-only entries when the flag is off', () => {
    expect(menuPaths(buildMenu(ROUTE_TABLE, access('admin'), false))).not.toContain('/operation-dashboard');
  });
});
