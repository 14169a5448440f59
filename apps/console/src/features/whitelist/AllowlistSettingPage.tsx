import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { useTabParam } from '../../hooks/useTabParam';
import { WhitelistIpsTab } from './WhitelistIpsTab';
import { WhitelistMembersTab } from './WhitelistMembersTab';

const TABS = ['members', 'ip'] as const;

/**
 * `/monitor/allowlist-setting`: the player whitelist (members who raise no player alerts) and the IP
 * whitelist (addresses and ranges exempt from IP-login alerts). Viewers see both without edit controls.
 */
export function AllowlistSettingPage() {
  const { t } = useTranslation('whitelist');
  const [tab, setTab] = useTabParam(TABS, 'members');
  return (
    <PageFrame description={t('description')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as (typeof TABS)[number])}
        destroyOnHidden
        items={[
          { key: 'members', label: t('tabs.members'), children: <WhitelistMembersTab /> },
          { key: 'ip', label: t('tabs.ip'), children: <WhitelistIpsTab /> },
        ]}
      />
    </PageFrame>
  );
}
