import { SafetyCertificateFilled } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGlobalStore } from '../store/global-store';

/** The product mark at the top of the menu. */
export function Brand({ collapsed, inline = false }: { collapsed: boolean; inline?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const dark = useGlobalStore((s) => s.dark);
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 10,
        height: inline ? 'auto' : 56,
        paddingInline: inline || collapsed ? 0 : 24,
        fontWeight: 600,
        fontSize: 15,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        color: dark && !inline ? '#fff' : token.colorText,
      }}
    >
      <SafetyCertificateFilled style={{ fontSize: 22, color: token.colorPrimary }} />
      {!collapsed && <span>{t('appName')}</span>}
    </div>
  );
}
