import { useTranslation } from 'react-i18next';
import { TabbedScreen } from '../../components/TabbedScreen';
import { BlockApiLogTab } from '../block-api/BlockApiLogTab';
import { BlockApisTab } from '../block-api/BlockApisTab';
import { BlockApiTokenTab } from '../block-api/BlockApiTokenTab';
import { BlacklistMembersTab } from './BlacklistMembersTab';

/**
 * `/monitor/blocklist-setting`: the player blacklist, the block APIs that lock its members on the
 * platform, their token, and the log of every call. Viewers see it all without edit controls.
 */
export function BlocklistSettingPage() {
  const { t } = useTranslation('blacklist');
  return (
    <TabbedScreen
      description={t('description')}
      tabs={[
        {
          key: 'members',
          label: t('tabs.members'),
          render: (open) => <BlacklistMembersTab onShowLog={() => open('log')} />,
        },
        { key: 'apis', label: t('tabs.apis'), render: (open) => <BlockApisTab onShowToken={() => open('token')} /> },
        { key: 'token', label: t('tabs.token'), render: () => <BlockApiTokenTab /> },
        { key: 'log', label: t('tabs.log'), render: () => <BlockApiLogTab /> },
      ]}
    />
  );
}
