import { useTranslation } from 'react-i18next';
import { TabbedScreen } from '../../components/TabbedScreen';
import { WhitelistIpsTab } from './WhitelistIpsTab';
import { WhitelistMembersTab } from './WhitelistMembersTab';

/**
 * `/monitor/allowlist-setting`: the player whitelist (members who raise no player alerts) and the IP
 * whitelist (addresses and ranges exempt from IP-login alerts). Viewers see both without edit controls.
 */
export function AllowlistSettingPage() {
  const { t } = useTranslation('whitelist');
  return (
    <TabbedScreen
      description={t('description')}
      tabs={[
        { key: 'members', label: t('tabs.members'), render: () => <WhitelistMembersTab /> },
        { key: 'ip', label: t('tabs.ip'), render: () => <WhitelistIpsTab /> },
      ]}
    />
  );
}
