import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand';
import { CompanySelect } from './CompanySelect';
import { LanguageSelect } from './LanguageSelect';
import { ThemeSwitch } from './ThemeSwitch';
import { UserMenu } from './UserMenu';

export interface AppHeaderProps {
  /** Narrow screen: the menu is a drawer and the header shows icons only. */
  compact: boolean;
  collapsed: boolean;
  onMenuClick: () => void;
}

/** Company selector, language selector, light/dark switch and the user menu. */
export function AppHeader({ compact, collapsed, onMenuClick }: AppHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toggleIcon = compact ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXS,
        paddingInline: compact ? token.paddingXS : token.padding,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        height: 56,
        lineHeight: '56px',
      }}
    >
      <Button
        type="text"
        icon={toggleIcon}
        aria-label={t('header.menu')}
        aria-expanded={compact ? undefined : !collapsed}
        data-testid="menu-toggle"
        onClick={onMenuClick}
      />
      {compact && <Brand collapsed inline />}
      <Flex align="center" gap={compact ? 2 : token.marginXS} style={{ marginInlineStart: 'auto', minWidth: 0 }}>
        <CompanySelect compact={compact} />
        <LanguageSelect compact={compact} />
        <ThemeSwitch />
        <UserMenu compact={compact} />
      </Flex>
    </Layout.Header>
  );
}
