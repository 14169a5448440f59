import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isDevelopment } from '../lib/runtime-config';
import { buildMenu, type MenuNode } from '../routes/menu';
import { ROUTE_TABLE } from '../routes/route-table';
import { useGlobalStore } from '../store/global-store';
import { MENU_ICONS } from './menu-icons';

type Items = NonNullable<MenuProps['items']>;

function toItems(nodes: MenuNode[], t: (key: string) => string): Items {
  return nodes.map((node) => ({
    key: node.key,
    icon: node.icon ? MENU_ICONS[node.icon] : undefined,
    label: t(node.titleKey),
    children: node.children ? toItems(node.children, t) : undefined,
  }));
}

/** The menu of exactly the routes the user may open (route table + last auth check). */
export function SideMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useGlobalStore((s) => s.session);
  const dark = useGlobalStore((s) => s.dark);
  const nodes = useMemo(
    () =>
      session
        ? buildMenu(
            ROUTE_TABLE,
            {
              role: session._role,
              isPublisher: session._isPublisher,
              priceLevel: session.priceLevel,
              isSuperAdmin: session._isSuperAdmin,
            },
            isDevelopment(),
          )
        : [],
    [session],
  );
  const currentGroup = nodes.find((n) => n.children?.some((c) => c.key === pathname))?.key;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  return (
    <Menu
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      data-testid="side-menu"
      items={toItems(nodes, t)}
      selectedKeys={[pathname]}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
