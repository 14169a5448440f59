import { Drawer, Grid, Layout, Spin, theme } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { queryClient } from '../app/query-client';
import { ScreenProviders } from '../app/ScreenProviders';
import { useUserBootstrap } from '../hooks/useUserBootstrap';
import { useDayjsLocale } from '../i18n/dayjs-locale';
import { useGlobalStore } from '../store/global-store';
import { connectLiveUpdates } from '../ws/live';
import { AppHeader } from './AppHeader';
import { Brand } from './Brand';
import { SideMenu } from './SideMenu';

const SIDER_WIDTH = 232;

/**
 * The frame of every protected screen: menu (a drawer below 768 px or on a mobile agent), header and
 * the screen. Loaded lazily, so the login page never downloads it.
 */
export function AppLayout() {
  useEffect(() => connectLiveUpdates(queryClient), []);
  return (
    <ScreenProviders>
      <ShellFrame />
    </ScreenProviders>
  );
}

function ShellFrame() {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const mobileAgent = useGlobalStore((s) => s.mobile);
  const dark = useGlobalStore((s) => s.dark);
  const setLoading = useGlobalStore((s) => s.setLoading);
  const navigation = useNavigation();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useUserBootstrap();
  useDayjsLocale();

  const compact = mobileAgent || screens.md === false;
  const navigating = navigation.state === 'loading';
  useEffect(() => setLoading(navigating), [navigating, setLoading]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {navigating && <div className="pb-nav-progress" role="progressbar" aria-label={t('loading')} />}
      {!compact && (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
          theme={dark ? 'dark' : 'light'}
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflow: 'auto',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Brand collapsed={collapsed} />
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
      )}
      {compact && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={Math.min(SIDER_WIDTH + 48, window.innerWidth - 48)}
          title={<Brand collapsed={false} inline />}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout>
        <AppHeader
          compact={compact}
          collapsed={collapsed}
          onMenuClick={() => (compact ? setDrawerOpen(true) : setCollapsed((c) => !c))}
        />
        <Layout.Content style={{ padding: compact ? token.paddingSM : token.paddingLG, minWidth: 0 }}>
          <Suspense fallback={<Spin style={{ display: 'block', marginTop: 64 }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
